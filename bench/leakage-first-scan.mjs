// One leakage scan as a process's first: a fresh Node process, so the worker threads start and
// every token cache begins empty, as when a user scans a data set once. bench/leakage-peer.mjs runs
// it once a round. Times scanLeakage alone (not loading the module or making the prompts) and
// writes what the comparison with the peer needs as JSON.
//   node bench/leakage-first-scan.mjs SOURCES GENERATED THREADS THRESHOLD OUT.json
import { writeFileSync } from "node:fs";
import { scanLeakage } from "@whileai/hash-embed/node";
import { generatedPrompts, sourcePrompts } from "./prompts.mjs";

const [nSources, nGenerated, threads, threshold] = process.argv.slice(2, 6).map(Number);
const out = process.argv[6];
const sources = sourcePrompts(nSources);
const generated = generatedPrompts(Math.max(nGenerated, 1), sources).slice(0, nGenerated);
const t0 = performance.now();
const result = await scanLeakage(generated, sources, { threads, threshold });
const seconds = (performance.now() - t0) / 1000;
const flagged = [];
for (let i = 0; i < result.flags.length; i++) if (result.flags[i] === 1) flagged.push(i);
writeFileSync(out, JSON.stringify({ seconds, flagged, sources: flagged.map((i) => result.sources[i]), nLeaky: result.report.n_leaky }));
