// The front door (@whileai/ingest) against the readers it replaces, in the same run, on the same
// files: row JSON Lines (100,000 mixed-format rows) against `loadTracesFile` of
// @whileai/traces/node, and an OTLP JSON capture against `readOtlpFile` of @whileai/otel/node then
// `rowsFromOtel` and `loadTraces` (the path `wai` took before it read through the front door).
// Each pair must give the same rows, or the comparison means nothing.
//   pnpm bench:ingest               (or: node bench/ingest.bench.mjs --mb 20)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { Bench } from "tinybench";
import { readTracesFile } from "@whileai/ingest/node";
import { readOtlpFile, rowsFromOtel } from "@whileai/otel/node";
import { loadTraces, loadTracesFile } from "@whileai/traces/node";
import { otelCapture } from "./otel-capture.mjs";
import { benchRows } from "./rows.mjs";

const N = 100_000;
const mbArg = process.argv.indexOf("--mb");
const TARGET_MB = mbArg > 0 ? Number(process.argv[mbArg + 1]) : 20;
const fmt = (x, digits = 0) => x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

const dir = mkdtempSync(join(tmpdir(), "ingest-bench-"));
const rowsFile = join(dir, "rows.jsonl");
writeFileSync(rowsFile, benchRows(N).map((row) => JSON.stringify(row)).join("\n") + "\n");
const capture = await otelCapture({ targetBytes: TARGET_MB * 1e6 });
const otlpFile = join(dir, "capture.otlp.json");
writeFileSync(otlpFile, capture.text);

/** Today's OTLP path: the file's objects, their spans together, into rows, then canonical rows. */
async function otlpToday(file) {
  const resourceSpans = [];
  for await (const object of readOtlpFile(file)) resourceSpans.push(...object.resourceSpans);
  return loadTraces(rowsFromOtel({ resourceSpans }));
}

const front = { rows: (await readTracesFile(rowsFile)).rows, otlp: (await readTracesFile(otlpFile)).rows };
if (!isDeepStrictEqual(front.rows, (await loadTracesFile(rowsFile)).rows)) throw new Error("row JSON Lines: the front door and loadTracesFile disagree");
if (!isDeepStrictEqual(front.otlp, await otlpToday(otlpFile))) throw new Error("OTLP JSON: the front door and readOtlpFile + rowsFromOtel disagree");
console.log(`row JSON Lines: ${fmt(N)} rows, ${fmt(front.rows.length)} kept; OTLP JSON: ${fmt(capture.jsonBytes / 1e6, 1)} MB, ${fmt(capture.spans)} spans, ${fmt(front.otlp.length)} rows`);

let sink = 0;
const bench = new Bench({ name: "ingest", time: 0, iterations: 7, warmupTime: 0, warmupIterations: 1, throws: true });
bench
  .add("row JSONL: front door (readTracesFile)", async () => {
    sink += (await readTracesFile(rowsFile)).rows.length;
  })
  .add("row JSONL: loadTracesFile", async () => {
    sink += (await loadTracesFile(rowsFile)).rows.length;
  })
  .add("OTLP JSON: front door (readTracesFile)", async () => {
    sink += (await readTracesFile(otlpFile)).rows.length;
  })
  .add("OTLP JSON: readOtlpFile + rowsFromOtel + loadTraces", async () => {
    sink += (await otlpToday(otlpFile)).length;
  });
await bench.run();
rmSync(dir, { recursive: true, force: true });

const median = (name) => bench.getTask(name).result.latency.p50;
const pairs = [
  ["row JSONL: front door (readTracesFile)", "row JSONL: loadTracesFile", N, "rows"],
  ["OTLP JSON: front door (readTracesFile)", "OTLP JSON: readOtlpFile + rowsFromOtel + loadTraces", capture.spans, "spans"],
];
const lines = pairs.flatMap(([door, peer, count, unit]) => {
  const a = median(door);
  const b = median(peer);
  return [`| ${door} | ${fmt(a)} | ${fmt((count / a) * 1000)} ${unit}/s | ${(b / a).toFixed(2)}x |`, `| ${peer} | ${fmt(b)} | ${fmt((count / b) * 1000)} ${unit}/s | 1.00x |`];
});
const table = [
  "## @whileai/ingest: the front door against the readers it replaces",
  "",
  `Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown CPU"}; tinybench median of ${bench.tasks.map((t) => t.result.latency.samples?.length ?? t.result.latency.df + 1).join("/")} runs, same files, same run.`,
  `Row JSON Lines: ${fmt(N)} rows from bench/rows.mjs; OTLP JSON: ${fmt(capture.jsonBytes / 1e6, 1)} MB from bench/otel-capture.mjs (${fmt(capture.spans)} spans). Both sides give identical rows (checked before timing).`,
  "",
  "| task | median ms | throughput | speed vs the reader it replaces |",
  "|---|---:|---:|---:|",
  ...lines,
  "",
].join("\n");
console.log(`\n${table}`);
const out = new URL("./results/", import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL(TARGET_MB === 20 ? "ingest.md" : `ingest-${TARGET_MB}mb.md`, out), table);
if (sink === -1) console.log(sink);
