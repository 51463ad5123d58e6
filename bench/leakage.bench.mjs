// The leakage scan's two costs, each against a baseline measured in the same run:
//  - embedding: prompts/s into the scan's source store, against hashVector (the per-text
//    embedder: @noble/hashes behind a bounded token cache) over the same prompts, in alternated
//    rounds (each round runs every contender once), medians;
//  - scanning: pairs/s at 10K x 10K for the WebAssembly SIMD kernel, the TypeScript kernel and a
//    naive float64 loop over dense 256-bucket vectors (the Python computation written plainly).
// The slower contenders scan a slice of the generated rows: a rate is per pair, the slice only
// keeps a run short. 100K x 100K, threads and 1M x 1M: bench/leakage-scale.mjs.
//   pnpm bench:leakage
//   node leakage.bench.mjs --embedding   (the embedding table only, rewritten in place in the results)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { Bench } from "tinybench";
import { hashVector, LeakageIndex } from "@whileai/hash-embed";
import { powHalf } from "@whileai/hash-embed/internal";
// Not exported by the package: a cold embedder is something only a benchmark wants.
const { createEmbedder } = await import(new URL("../packages/hash-embed/dist/scan/text-counts.js", import.meta.url).href);
const { CountEmbedder } = await import(new URL("../packages/hash-embed/dist/scan/count-embedder.js", import.meta.url).href);
import { agentPrompts, generatedPrompts, sourcePrompts, twentyWordPrompts } from "./prompts.mjs";

const EMBED_N = 20_000;
const SCAN_N = 10_000;
const fmt = (x, digits = 0) => x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
let sink = 0;

// ---- embedding --------------------------------------------------------------------------
const corpora = { "20-word Zipf prompts": twentyWordPrompts(EMBED_N), "agent task prompts (~12 words)": await agentPrompts(EMBED_N) };
const EMBED_ROUNDS = 15;
const embedTasks = {};
for (const [corpus, prompts] of Object.entries(corpora)) {
  embedTasks[`hashVector, ${corpus}`] = () => {
    for (let i = 0; i < prompts.length; i++) sink += hashVector(prompts[i])[0];
  };
  // A fresh embedder each round: its token caches start empty, as in a process's first scan.
  // (A new LeakageIndex alone would not do: it borrows this thread's warm embedder.)
  embedTasks[`scan embedder cold, ${corpus}`] = () => {
    const index = new LeakageIndex({ embedder: createEmbedder });
    for (const p of prompts) index.add(p);
    sink += index.count;
  };
  // The JS embedder, which runs where WebAssembly cannot (a browser's main thread, for one).
  embedTasks[`JS fallback embedder cold, ${corpus}`] = () => {
    const index = new LeakageIndex({ embedder: () => new CountEmbedder() });
    for (const p of prompts) index.add(p);
    sink += index.count;
  };
  // This thread's embedder, which has seen these prompts in earlier rounds: a repeat scan.
  embedTasks[`scan embedder warm, ${corpus}`] = () => {
    const index = new LeakageIndex();
    for (const p of prompts) index.add(p);
    sink += index.count;
  };
}
const embedTimes = Object.fromEntries(Object.keys(embedTasks).map((name) => [name, []]));
for (const task of Object.values(embedTasks)) task(); // warm-up
for (let round = 0; round < EMBED_ROUNDS; round++) {
  for (const [name, task] of Object.entries(embedTasks)) {
    const start = performance.now();
    task();
    embedTimes[name].push(performance.now() - start);
  }
}
const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const embedRate = (name, n) => (n / median(embedTimes[name])) * 1000;
const embedRows = Object.keys(corpora).map((corpus) => {
  const base = embedRate(`hashVector, ${corpus}`, EMBED_N);
  const cold = embedRate(`scan embedder cold, ${corpus}`, EMBED_N);
  const warm = embedRate(`scan embedder warm, ${corpus}`, EMBED_N);
  const js = embedRate(`JS fallback embedder cold, ${corpus}`, EMBED_N);
  return `| ${corpus} | ${fmt(cold)} | ${fmt(warm)} | ${fmt(js)} | ${fmt(base)} | ${(cold / base).toFixed(1)}x |`;
});
const embedTable = [
  `| embedding ${fmt(EMBED_N)} prompts (Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown CPU"}) | scan embedder cold, prompts/s | warm (a repeat scan), prompts/s | JS fallback embedder cold, prompts/s | hashVector, prompts/s (baseline) | cold vs baseline |`,
  "|---|---:|---:|---:|---:|---:|",
  ...embedRows,
].join("\n");
const resultsFile = new URL("./results/leakage.md", import.meta.url);
if (process.argv.includes("--embedding")) {
  console.log(`\n${embedTable}`);
  const old = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8") : "";
  const at = old.indexOf("| embedding ");
  const end = old.indexOf("\n\n", at);
  if (at < 0 || end < 0) throw new Error("bench/results/leakage.md has no embedding table to replace: run the whole bench once");
  writeFileSync(resultsFile, old.slice(0, at) + embedTable + old.slice(end));
  if (sink === -1) console.log(sink);
  process.exit(0);
}

// ---- scanning ---------------------------------------------------------------------------
const sources = sourcePrompts(SCAN_N);
const generated = generatedPrompts(SCAN_N, sources);
const indexes = Object.fromEntries(
  ["wasm", "ts"].map((kernel) => {
    const index = new LeakageIndex({ kernel });
    for (const s of sources) index.add(s);
    return [kernel, index];
  }),
);
const SLICE = { wasm: SCAN_N, ts: 1000, naive: 100 };
const denseSources = sources.map((s) => hashVector(s));

function naiveScan(texts) {
  for (const text of texts) {
    const v = hashVector(text);
    let best = 0;
    for (const s of denseSources) {
      let dot = 0;
      let sa = 0;
      let sb = 0;
      for (let i = 0; i < 256; i++) dot += v[i] * s[i];
      for (let i = 0; i < 256; i++) sa += v[i] * v[i];
      for (let i = 0; i < 256; i++) sb += s[i] * s[i];
      const na = powHalf(sa);
      const nb = powHalf(sb);
      const sim = na === 0 || nb === 0 ? 0 : dot / (na * nb);
      if (sim > best) best = sim;
    }
    sink += best;
  }
}

const scanBench = new Bench({ name: "scan", time: 3000, iterations: 5, warmupIterations: 1, throws: true });
for (const kernel of ["wasm", "ts"]) {
  const texts = generated.slice(0, SLICE[kernel]);
  const out = { best: new Float64Array(texts.length), source: new Int32Array(texts.length) };
  scanBench.add(`${kernel} kernel`, () => {
    indexes[kernel].nearest(texts, out);
    sink += out.source[0];
  });
}
scanBench.add("naive float64 loop", () => naiveScan(generated.slice(0, SLICE.naive)));
await scanBench.run();
const pairRate = (name, rows) => ((rows * SCAN_N) / scanBench.getTask(name).result.latency.p50) * 1000;
const rates = { wasm: pairRate("wasm kernel", SLICE.wasm), ts: pairRate("ts kernel", SLICE.ts), naive: pairRate("naive float64 loop", SLICE.naive) };

const table = [
  "## Leakage scan: embedding and kernels (one thread)",
  "",
  `Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown CPU"}; embedding: medians of ${EMBED_ROUNDS} alternated rounds, scan: tinybench medians. Prompts from bench/prompts.mjs (seeded).`,
  "",
  embedTable,
  "",
  `| scan, ${fmt(SCAN_N)} sources (rows scanned) | pairs/s | vs TS kernel | vs naive loop |`,
  "|---|---:|---:|---:|",
  `| WebAssembly SIMD kernel (${fmt(SLICE.wasm)}) | ${fmt(rates.wasm / 1e6, 1)} M | ${(rates.wasm / rates.ts).toFixed(1)}x | ${fmt(rates.wasm / rates.naive)}x |`,
  `| TypeScript kernel (${fmt(SLICE.ts)}) | ${fmt(rates.ts / 1e6, 1)} M | 1.0x | ${fmt(rates.ts / rates.naive, 1)}x |`,
  `| naive float64 loop (${fmt(SLICE.naive)}) | ${fmt(rates.naive / 1e6, 2)} M | ${(rates.naive / rates.ts).toFixed(2)}x | 1.0x |`,
  "",
  "Kernel rows time the scan of generated prompts (their embedding included) against an index built beforehand; every answer is exact (the screened candidates are recomputed the Python way).",
  "",
].join("\n");
console.log(`\n${table}`);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(resultsFile, table);
if (sink === -1) console.log(sink);
