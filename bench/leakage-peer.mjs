// The exact leakage scan against its strongest peer measured so far: a numpy brute force
// (OpenBLAS sgemm over L2-normalised float32 count vectors, then each row's max / first argmax).
// Same prompts (bench/prompts.mjs); the peer embeds nothing: it gets the count vectors from our
// embedder as float32 files, and only its scan is timed, while ours is timed end to end
// (sources embedded, generated rows embedded and scanned, worker start-up, the report), each
// round as the first scan of a fresh process (bench/leakage-first-scan.mjs).
// Rounds alternate ours / peer; medians. OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE are removed from
// the peer's environment only, so OpenBLAS picks its best kernel for this CPU; the kernel it ran
// is read from OPENBLAS_VERBOSE=2. Both sides get the same thread count.
//   node bench/leakage-peer.mjs                                  (100k x 100k and 1M x 100k, 2 threads)
//   node bench/leakage-peer.mjs --sizes 20000x20000 --rounds 1   (a quick look)
//   node bench/leakage-peer.mjs --sizes 1000000x100000:1 --small 0 --out leakage-peer-1m.md
// Sizes are sources x generated rows, each with its own round count after a colon (else --rounds).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { scanLeakage } from "@whileai/hash-embed/node";
import { CountEmbedder } from "../packages/hash-embed/dist/scan/count-embedder.js";
import { generatedPrompts, sourcePrompts } from "./prompts.mjs";
import { fmt, median } from "./stats.mjs";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000x100000,1000000x100000:2" },
    rounds: { type: "string", default: "3" },
    threads: { type: "string", default: "2" },
    small: { type: "string", default: "7" },
    out: { type: "string", default: "leakage-peer.md" },
  },
});
const THRESHOLD = 0.9;
const DIM = 256;
const threads = Number(values.threads);
const rounds = Number(values.rounds);
const peerScript = fileURLToPath(new URL("./leakage-peer.py", import.meta.url));
const cache = join(tmpdir(), "whileai-leakage-peer");
mkdirSync(cache, { recursive: true });

/** Our embedder's count vectors, L2-normalised, as a float32 matrix file (one row a prompt). */
function writeVectors(prompts, path) {
  if (existsSync(path) && statSync(path).size === prompts.length * DIM * 4) return;
  const embedder = new CountEmbedder();
  const out = new Float32Array(prompts.length * DIM);
  for (let i = 0; i < prompts.length; i++) {
    embedder.embed(prompts[i]);
    const norm = Math.sqrt(embedder.squares());
    for (let k = 0; k < embedder.size; k++) {
      const b = embedder.nonzero[k];
      out[i * DIM + b] = embedder.counts[b] / norm;
    }
  }
  writeFileSync(path, out);
}

function peerEnv() {
  const env = { ...process.env, OPENBLAS_NUM_THREADS: String(threads), OPENBLAS_VERBOSE: "2" };
  delete env.OPENBLAS_CORETYPE;
  delete env.OPENBLAS_L2_SIZE;
  return env;
}

function runPeer(srcPath, genPath) {
  const outPath = join(cache, `peer-${process.pid}.json`);
  const child = spawnSync("python3", [peerScript, srcPath, genPath, String(THRESHOLD), outPath], { env: peerEnv(), encoding: "utf8", maxBuffer: 1 << 26 });
  if (child.status !== 0) throw new Error(`peer failed (${child.status}): ${child.stderr}`);
  const result = JSON.parse(readFileSync(outPath, "utf8"));
  rmSync(outPath);
  result.core = /Core: (\S+)/.exec(child.stderr)?.[1] ?? "not reported";
  return result;
}

/** Ours as a process's first scan (bench/leakage-first-scan.mjs): threads started, token caches empty. */
function runOursFirst(nSources, nGenerated) {
  const outPath = join(cache, `ours-${process.pid}.json`);
  const script = fileURLToPath(new URL("./leakage-first-scan.mjs", import.meta.url));
  const child = spawnSync(process.execPath, [script, String(nSources), String(nGenerated), String(threads), String(THRESHOLD), outPath], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(`our scan failed (${child.status}): ${child.stderr}`);
  const result = JSON.parse(readFileSync(outPath, "utf8"));
  rmSync(outPath);
  return result;
}

/** Ours in this process, warm from the calls before: a small check repeated in a running program. */
async function runOurs(generated, sources) {
  const t0 = performance.now();
  const result = await scanLeakage(generated, sources, { threads, threshold: THRESHOLD });
  return { seconds: (performance.now() - t0) / 1000, result };
}

/** Rows flagged on each side and rows whose nearest source differs among the rows both flag. */
function compare(ours, peer) {
  const peerSource = new Map(peer.flagged.map((row, k) => [row, peer.flagged_sources[k]]));
  const onlyOurs = ours.flagged.filter((row) => !peerSource.has(row)).length;
  const oursSet = new Set(ours.flagged);
  const onlyPeer = peer.flagged.filter((row) => !oursSet.has(row)).length;
  const otherSource = ours.flagged.filter((row, k) => peerSource.has(row) && peerSource.get(row) !== ours.sources[k]).length;
  return { flagged: ours.flagged.length, onlyOurs, onlyPeer, otherSource };
}

const lines = [];
const notes = [];
let oursAt100k = null;
let core = null;
let blas = null;
let numpyVersion = null;
for (const size of values.sizes.split(",")) {
  const [shape, roundsHere = String(rounds)] = size.split(":");
  const [nSources, nGenerated] = shape.split("x").map(Number);
  const sources = sourcePrompts(nSources);
  const generated = generatedPrompts(Math.max(nGenerated, 1), sources).slice(0, nGenerated);
  const srcPath = join(cache, `sources-${nSources}.f32`);
  const genPath = join(cache, `generated-${nSources}-${nGenerated}.f32`);
  writeVectors(sources, srcPath);
  writeVectors(generated, genPath);
  const ours = [];
  const peer = [];
  let check = null;
  for (let r = 0; r < Number(roundsHere); r++) {
    const o = runOursFirst(nSources, nGenerated);
    const p = runPeer(srcPath, genPath);
    ours.push(o.seconds);
    peer.push(p.seconds);
    core = p.core;
    blas = p.blas;
    numpyVersion = p.numpy;
    check = { ...compare(o, p), peerRss: p.peak_rss_mib, nLeaky: o.nLeaky };
    console.log(`${shape} round ${r + 1}: ours ${fmt(o.seconds, 2)} s, numpy ${fmt(p.seconds, 2)} s (core ${p.core}), load ${loadavg()[0].toFixed(2)}`);
  }
  const pairs = nSources * nGenerated;
  const o = median(ours);
  const p = median(peer);
  if (nSources === 100_000 && nGenerated === 100_000) oursAt100k = o;
  const same = check.onlyOurs === 0 && check.onlyPeer === 0 && check.otherSource === 0;
  lines.push(
    `| ${fmt(nSources)} x ${fmt(nGenerated)} | ${fmt(o, 2)} | ${fmt(pairs / o / 1e6)} M | ${fmt(p, 2)} | ${fmt(pairs / p / 1e6)} M | **${fmt(p / o, 2)}x** | ${fmt(check.flagged)} | ${same ? "yes" : `no: ${check.onlyOurs} only ours, ${check.onlyPeer} only numpy, ${check.otherSource} other source`} | ${fmt(check.peerRss)} |`,
  );
  notes.push(`${shape}: ours ${ours.map((x) => fmt(x, 2)).join(", ")} s; numpy ${peer.map((x) => fmt(x, 2)).join(", ")} s`);
}

// Small scans, end to end in this process: repeated checks in a running program, each on new prompts.
const small = [];
for (const [n, share] of Number(values.small) === 0 ? [] : [
  [10_000, true],
  [1_000, false],
]) {
  const times = [];
  // Each call on its own prompts (other seeds, same distribution), in this process, warm.
  for (let r = 0; r < Number(values.small); r++) {
    const sources = sourcePrompts(n, 11 + 1000 * (r + 1));
    times.push((await runOurs(generatedPrompts(n, sources, 23 + 1000 * (r + 1)), sources)).seconds);
  }
  const ms = median(times) * 1000;
  const ref = share && oursAt100k !== null ? ` ; the same pairs' share of the 100k x 100k run: ${fmt((oursAt100k * 1000 * n * n) / 1e10, 1)} ms, ratio **${fmt(ms / ((oursAt100k * 1000 * n * n) / 1e10), 2)}x**` : "";
  small.push(`- ${fmt(n)} x ${fmt(n)}: median ${fmt(ms, 1)} ms end to end over ${times.length} calls (each call: ${times.map((t) => fmt(t * 1000, 1)).join(", ")} ms)${ref}`);
  console.log(small.at(-1));
}

const table = [
  "## Leakage scan against numpy brute force (OpenBLAS sgemm)",
  "",
  `Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${threads} threads each side; median of the alternated rounds listed below; load average at the end ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}.`,
  `Peer: numpy ${numpyVersion} with ${blas}; OpenBLAS core it ran: **${core}** (OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE unset in its process). Prompts from bench/prompts.mjs, threshold ${THRESHOLD}.`,
  "Ours is timed end to end as a process's first scan (a fresh process each round: worker threads started, token caches empty; embedding every prompt, the report); numpy only for its scan (sgemm in 4096 x 8192 tiles, per-row max and first argmax), its vectors written beforehand by our embedder.",
  "",
  "| sources x generated | ours, s | ours pairs/s | numpy, s | numpy pairs/s | ours vs numpy | rows flagged | same rows and sources | numpy peak RSS, MiB |",
  "|---|---:|---:|---:|---:|---:|---:|---|---:|",
  ...lines,
  "",
  ...(small.length === 0 ? [] : ["Small scans (2 threads asked):", "", ...small, ""]),
  "Rounds:",
  "",
  ...notes.map((n) => `- ${n}`),
  "",
].join("\n");
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL(`./results/${values.out}`, import.meta.url), table);
console.log(`\n${table}`);
