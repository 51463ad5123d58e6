// Small leakage scans against the same pairs inside a large run (issue 16's "small scans" goal):
// a 10K x 10K scan should take at most 1.5x its share (1/100) of a 100K x 100K scan's time, and a
// 1K x 1K scan under 50 ms, both end to end (sources embedded, generated rows embedded and
// scanned, the report) through scanLeakage of @whileai/hash-embed/node, in one warm process.
// Each round runs the large scan once and then each small size `--calls` times; medians over
// rounds. With `--baseline DIR` (another build's dist folder, e.g. a copy of main's) the two
// builds alternate inside every round, their order swapped each round, and every answer of the
// baseline is compared with ours (flags, nearest sources and similarities, bit for bit).
// Each round also runs every 10K set once on the calling thread alone (scanLeakageSync) for the
// floor: that call's CPU time over the cores used, the threaded scan's time if every thread were
// busy from its first millisecond to its last and a call cost nothing else.
//   npm run bench:small                                  (builds first)
//   node bench/leakage-small.mjs --rounds 3 --calls 5
//   node bench/leakage-small.mjs --baseline packages/hash-embed/node_modules/.baseline-dist
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { scanLeakageSync } from "@whileai/hash-embed";
import * as ours from "@whileai/hash-embed/node";
import { generatedPrompts, sourcePrompts } from "./prompts.mjs";
import { fmt, median } from "./stats.mjs";

const { values } = parseArgs({
  options: {
    large: { type: "string", default: "100000" },
    rounds: { type: "string", default: "3" },
    calls: { type: "string", default: "5" },
    threads: { type: "string", default: "2" },
    baseline: { type: "string" },
    out: { type: "string", default: "leakage-small.md" },
  },
});
const THRESHOLD = 0.9;
const LARGE = Number(values.large);
const SMALL = [10_000, 1_000];
const threads = Number(values.threads);

const builds = [{ name: "this build", scan: ours.scanLeakage, scanSync: scanLeakageSync }];
if (values.baseline !== undefined) {
  const entry = (path) => pathToFileURL(resolve(values.baseline, path)).href;
  builds.push({ name: `baseline (${values.baseline})`, scan: (await import(entry("node/index.js"))).scanLeakage, scanSync: (await import(entry("index.js"))).scanLeakageSync });
}
// The floor divides one thread's CPU time by the cores the threaded scan can use.
const cores = Math.min(threads, cpus().length);

// The large scan's prompts, and for each small size `calls` different sets drawn from the same
// distribution (other seeds): repeated small checks see new prompts in a warm process, so their
// token caches hold the vocabulary, not these very prompts.
const inputSet = (n, call) => {
  const sources = sourcePrompts(n, 11 + 1000 * call);
  return { sources, generated: generatedPrompts(n, sources, 23 + 1000 * call) };
};
const inputs = new Map([[LARGE, [inputSet(LARGE, 0)]], ...SMALL.map((n) => [n, Array.from({ length: Number(values.calls) }, (_, c) => inputSet(n, c + 1))])]);

/** The first answer of each input set, to compare every later answer (any build) with. */
const reference = new Map();
const mismatches = [];
function check(key, build, result) {
  const ref = reference.get(key);
  if (ref === undefined) {
    reference.set(key, result);
    return;
  }
  const same = (a, b) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
  const fields = ["flags", "sources", "similarities"].filter((f) => !same(ref[f], result[f]));
  if (JSON.stringify(ref.report) !== JSON.stringify(result.report)) fields.push("report");
  if (fields.length > 0) mismatches.push(`${build.name}, ${key}: ${fields.join(", ")} differ`);
}

async function timed(build, n, call = 0) {
  const { sources, generated } = inputs.get(n)[call];
  const t0 = performance.now();
  const result = await build.scan(generated, sources, { threads, threshold: THRESHOLD });
  const ms = performance.now() - t0;
  check(`${fmt(n)} x ${fmt(n)}, set ${call}`, build, result);
  return ms;
}

/** CPU milliseconds of one scan of set `call` on the calling thread alone. */
function syncCpu(build, n, call) {
  const { sources, generated } = inputs.get(n)[call];
  const cpu0 = process.cpuUsage();
  const result = build.scanSync(generated, sources, { threshold: THRESHOLD });
  const cpu = process.cpuUsage(cpu0);
  check(`${fmt(n)} x ${fmt(n)}, set ${call}`, build, result);
  return (cpu.user + cpu.system) / 1000;
}

// times[build][n] = per-round medians (the large size: one call a round); floors[build] = per-round floors.
const times = builds.map(() => new Map([LARGE, ...SMALL].map((n) => [n, []])));
const floors = builds.map(() => []);
const loads = [];
for (let r = 0; r < Number(values.rounds); r++) {
  const order = r % 2 === 0 ? builds.map((_, b) => b) : builds.map((_, b) => builds.length - 1 - b);
  for (const b of order) {
    const build = builds[b];
    times[b].get(LARGE).push(await timed(build, LARGE));
    for (const n of SMALL) {
      const calls = [];
      for (let c = 0; c < Number(values.calls); c++) calls.push(await timed(build, n, c));
      times[b].get(n).push(median(calls));
    }
    const cpu = [];
    for (let c = 0; c < Number(values.calls); c++) cpu.push(syncCpu(build, SMALL[0], c));
    floors[b].push(median(cpu) / cores);
    const t = times[b];
    console.log(`round ${r + 1}, ${build.name}: ${[LARGE, ...SMALL].map((n) => `${fmt(n)}: ${fmt(t.get(n).at(-1), 1)} ms`).join(", ")}; floor ${fmt(floors[b].at(-1), 1)} ms; load ${loadavg()[0].toFixed(2)}`);
  }
  loads.push(loadavg()[0]);
}

const share = (LARGE * LARGE) / (SMALL[0] * SMALL[0]);
const rows = builds.map((build, b) => {
  const t = times[b];
  const large = median(t.get(LARGE));
  const small = median(t.get(SMALL[0]));
  const tiny = median(t.get(SMALL[1]));
  const ratio = small / (large / share);
  // Each round's small median against that round's large scan: load that changes between rounds cancels out.
  const byRound = median(t.get(SMALL[0]).map((x, r) => x / (t.get(LARGE)[r] / share)));
  const floor = median(floors[b]);
  const floorByRound = median(floors[b].map((x, r) => x / (t.get(LARGE)[r] / share)));
  return `| ${build.name} | ${fmt(large / 1000, 2)} s | ${fmt(large / share, 1)} ms | ${fmt(small, 1)} ms | **${fmt(ratio, 2)}x** (≤ 1.5x: ${ratio <= 1.5 ? "met" : "not met"}) | ${fmt(byRound, 2)}x | ${fmt(floor, 1)} ms, ${fmt(floor / (large / share), 2)}x (${fmt(floorByRound, 2)}x by round) | ${fmt(tiny, 1)} ms (< 50 ms: ${tiny < 50 ? "met" : "not met"}) |`;
});
const perRound = builds.map((build, b) => `- ${build.name}: ${[LARGE, ...SMALL].map((n) => `${fmt(n)}: ${times[b].get(n).map((x) => fmt(x, 1)).join(", ")} ms`).join("; ")}; floor: ${floors[b].map((x) => fmt(x, 1)).join(", ")} ms`);
const table = [
  "## Small leakage scans against their share of a large scan",
  "",
  `Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${threads} threads asked; ${values.rounds} rounds, each: one ${fmt(LARGE)} x ${fmt(LARGE)} scan, then ${values.calls} calls of each small size (their median is the round's); medians over rounds${builds.length > 1 ? ", builds alternated in every round, order swapped each round" : ""}. Load average (1 min) after each round: ${loads.map((x) => x.toFixed(2)).join(", ")}.`,
  `End to end in one warm process (embedding, scan, report); prompts from bench/prompts.mjs, each small call on its own prompts (other seeds), the large scan on the same prompts every round; threshold ${THRESHOLD}. The share is ${fmt(SMALL[0])} x ${fmt(SMALL[0])} / ${fmt(LARGE)} x ${fmt(LARGE)} = 1/${fmt(share)} of the large scan's time. The floor of ${fmt(SMALL[0])} x ${fmt(SMALL[0])}: the median CPU time of the same calls made on the calling thread alone (scanLeakageSync, the same embedder and kernel), over the ${cores} cores the threaded scan uses; no scheduling of that work takes less time (with every core busy a core runs slower still), so a floor above 1.5x the share puts the aim out of reach of anything but less work per pair.`,
  `Answers: ${mismatches.length === 0 ? `every call of every build gave the same flags, nearest sources, similarities (bit for bit) and report as the first call on the same prompts` : `**differ**: ${mismatches.join("; ")}`}.`,
  "",
  `| build | ${fmt(LARGE)} x ${fmt(LARGE)} | its share of ${fmt(SMALL[0])} x ${fmt(SMALL[0])} pairs | ${fmt(SMALL[0])} x ${fmt(SMALL[0])} | ratio to the share (medians) | median of each round's ratio | its floor, and against the share | ${fmt(SMALL[1])} x ${fmt(SMALL[1])} |`,
  "|---|---:|---:|---:|---:|---:|---:|---:|",
  ...rows,
  "",
  "Per round:",
  "",
  ...perRound,
  "",
].join("\n");
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL(`./results/${values.out}`, import.meta.url), table);
console.log(`\n${table}`);
if (mismatches.length > 0) process.exitCode = 1;
