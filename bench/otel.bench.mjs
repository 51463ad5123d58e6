// OpenTelemetry ingest: OTLP JSON text and OTLP protobuf bytes of a ~100 MB capture into rows,
// and each stage alone, with tinybench in alternated rounds, against a baseline measured in the
// same rounds (plain JSON.parse of the same JSON text: the cost of merely reading it) and against
// the Python SDK's figure as quoted in the issue (not measured here). The capture
// (bench/otel-capture.mjs) is made by the official OpenTelemetry JS SDK and serializers, seeded.
//   pnpm bench:otel                 (or: node bench/otel.bench.mjs --mb 20 --rounds 3 for a quicker run)
// With `--baseline DIR` (another build of this package, e.g. main's:
//   cp -r packages/otel/dist packages/otel/node_modules/.baseline-dist     (on main's build)
//   node bench/otel.bench.mjs --mb 20 --rounds 3 --baseline packages/otel/node_modules/.baseline-dist)
// that build's JSON path runs in the same rounds, after a check that its rows equal these.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { decodeOtlpProtobuf, parseOtlpJson, rowsFromOtel } from "@whileai/otel";
import { otelCapture } from "./otel-capture.mjs";

const mbArg = process.argv.indexOf("--mb");
const TARGET_MB = mbArg > 0 ? Number(process.argv[mbArg + 1]) : 100;
const roundsArg = process.argv.indexOf("--rounds");
const ROUNDS = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 7;
const baselineArg = process.argv.indexOf("--baseline");
const baselineDir = baselineArg > 0 ? process.argv[baselineArg + 1] : null;
const baseline = baselineDir === null ? null : await import(pathToFileURL(resolve(baselineDir, "index.js")).href);
// Quoted from the issue for the Python SDK on this 2-core machine (OTLP JSON, parsing included);
// this script does not run Python.
const PYTHON = { mbPerS: 10, spansPerS: 12_000 };

const t0 = performance.now();
const capture = await otelCapture({ targetBytes: TARGET_MB * 1e6 });
const { text, protobuf } = capture;
const made = performance.now() - t0;

// Both paths must give the same rows, or the comparison means nothing.
const fromJson = rowsFromOtel(parseOtlpJson(text));
const fromProtobuf = rowsFromOtel(decodeOtlpProtobuf(protobuf));
if (JSON.stringify(fromJson) !== JSON.stringify(fromProtobuf)) throw new Error("JSON and protobuf captures give different rows");
if (baseline !== null) {
  const same = JSON.stringify(baseline.rowsFromOtel(baseline.parseOtlpJson(text))) === JSON.stringify(fromJson);
  console.log(`baseline ${baselineDir}: rows ${same ? "equal" : "DIFFER"}`);
  if (!same) throw new Error("the baseline build gives different rows");
}
const steps = fromJson.reduce((n, row) => n + row.steps.length, 0);
const fmt = (x, digits = 0) => x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
console.log(
  `capture: ${fmt(capture.spans)} spans, ${fmt(capture.conversations)} conversations, JSON ${fmt(capture.jsonBytes / 1e6, 1)} MB, protobuf ${fmt(protobuf.length / 1e6, 1)} MB (made in ${fmt(made / 1000, 1)} s); ${fmt(fromJson.length)} rows, ${fmt(steps)} steps`,
);

// Inputs for the single stages, decoded once outside the timed code.
const parsedJson = parseOtlpJson(text);
const parsedProtobuf = decodeOtlpProtobuf(protobuf);
// The floor of any reader built on JSON.parse: the document, plus the JSON texts inside it that
// rowsFromOtel must parse as well (message lists carried as attribute strings, of a repeated
// history only its new tail (history-parse.ts); tool arguments and results). Recorded once,
// untimed, by wrapping JSON.parse: a lower bound, as a parse that bypassed the wrapper is missed.
const innerTexts = [];
{
  const parse = JSON.parse;
  JSON.parse = (value, reviver) => {
    innerTexts.push(value);
    return parse(value, reviver);
  };
  try {
    rowsFromOtel(parsedJson);
  } finally {
    JSON.parse = parse;
  }
}
const innerChars = innerTexts.reduce((n, s) => n + s.length, 0);
let sink = 0;
const TASKS = [
  ["JSON.parse baseline", () => {
    sink += JSON.parse(text).resourceSpans.length;
  }],
  ["JSON.parse of the document and of the texts inside that rows need (the floor)", () => {
    sink += JSON.parse(text).resourceSpans.length;
    for (const inner of innerTexts) {
      try {
        sink += JSON.parse(inner) === null ? 0 : 1;
      } catch {
        // A text that is not JSON is read as a string, as rowsFromOtel does.
      }
    }
  }],
  ["OTLP JSON → rows", () => {
    sink += rowsFromOtel(parseOtlpJson(text)).length;
  }],
  ["parseOtlpJson alone", () => {
    sink += parseOtlpJson(text).resourceSpans.length;
  }],
  ["rowsFromOtel alone, on parsed JSON", () => {
    sink += rowsFromOtel(parsedJson).length;
  }],
  ["OTLP protobuf → rows", () => {
    sink += rowsFromOtel(decodeOtlpProtobuf(protobuf)).length;
  }],
  ["decodeOtlpProtobuf alone", () => {
    sink += decodeOtlpProtobuf(protobuf).resourceSpans.length;
  }],
  ["rowsFromOtel alone, on decoded protobuf", () => {
    sink += rowsFromOtel(parsedProtobuf).length;
  }],
];
if (baseline !== null) {
  const parsedBaseline = baseline.parseOtlpJson(text);
  TASKS.push(
    ["OTLP JSON → rows (baseline build)", () => {
      sink += baseline.rowsFromOtel(baseline.parseOtlpJson(text)).length;
    }],
    ["parseOtlpJson alone (baseline build)", () => {
      sink += baseline.parseOtlpJson(text).resourceSpans.length;
    }],
    ["rowsFromOtel alone, on parsed JSON (baseline build)", () => {
      sink += baseline.rowsFromOtel(parsedBaseline).length;
    }],
  );
}

/**
 * One untimed pass of every task, then ROUNDS rounds in which each task runs once, each round
 * starting one task later than the one before, so drift in the machine's load (other jobs share
 * its cores) falls on every task alike. Wall time and this process's CPU time are both taken:
 * CPU time counts only what the task itself spent (GC helper threads included), not the time it
 * waited for a core.
 */
for (const [, fn] of TASKS) fn();
const samples = new Map(TASKS.map(([name]) => [name, { wall: [], cpu: [] }]));
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < TASKS.length; i++) {
    const [name, fn] = TASKS[(i + round) % TASKS.length];
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    fn();
    const wall = performance.now() - wall0;
    const cpu = process.cpuUsage(cpu0);
    samples.get(name).wall.push(wall);
    samples.get(name).cpu.push((cpu.user + cpu.system) / 1000);
  }
  process.stdout.write(`round ${round + 1}/${ROUNDS}\r`);
}
process.stdout.write("\n");
const middle = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const median = (name) => middle(samples.get(name).wall);
const medianCpu = (name) => middle(samples.get(name).cpu);
const base = median("JSON.parse baseline");
const baseCpu = medianCpu("JSON.parse baseline");
const rows = TASKS.map(([name]) => {
  const task = { name };
  const ms = median(task.name);
  const cpuMs = medianCpu(task.name);
  // MB/s counts the bytes of the input the path reads: JSON text, or protobuf bytes.
  const bytes = /protobuf/.test(task.name) ? protobuf.length : capture.jsonBytes;
  const mbPerS = bytes / 1e6 / (ms / 1000);
  const spansPerS = capture.spans / (ms / 1000);
  const vsPython = task.name.includes("→ rows") ? `${(mbPerS / PYTHON.mbPerS).toFixed(1)}x / ${(spansPerS / PYTHON.spansPerS).toFixed(1)}x` : "-";
  return `| ${task.name} | ${fmt(ms)} | ${fmt(mbPerS, 1)} | ${fmt(spansPerS)} | ${(ms / base).toFixed(2)}x | ${fmt(cpuMs)} | ${(cpuMs / baseCpu).toFixed(2)}x | ${vsPython} |`;
});
const table = [
  `## @whileai/otel: OTLP → rows on a ${fmt(capture.jsonBytes / 1e6)} MB capture`,
  "",
  `Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown CPU"}; median of ${ROUNDS} alternated rounds (one untimed pass first); load average at the end ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ")} (the cores are shared).`,
  `Capture (bench/otel-capture.mjs, seeded, written by the official OpenTelemetry JS SDK and serializers): ${fmt(capture.spans)} spans in ${fmt(capture.conversations)} conversations,`,
  `JSON ${fmt(capture.jsonBytes / 1e6, 1)} MB, protobuf ${fmt(protobuf.length / 1e6, 1)} MB; 55% current GenAI messages and execute_tool spans, 15% each deprecated span events, OpenInference, OpenLLMetry;`,
  `chat spans repeat the whole history; ${fmt(fromJson.length)} rows, ${fmt(steps)} steps. The JSON texts inside that rows need (the floor's second part): ${fmt(innerTexts.length)}, ${fmt(innerChars / 1e6, 1)} M characters.`,
  "",
  "| task | median ms | MB/s (of its input) | spans/s | x JSON.parse time | median CPU ms | x JSON.parse CPU time | vs Python SDK, MB/s / spans/s (quoted, not measured here) |",
  "|---|---:|---:|---:|---:|---:|---:|---:|",
  ...rows,
  "",
  `The Python SDK figure is quoted from the issue (about ${PYTHON.mbPerS} MB/s of OTLP JSON, ${fmt(PYTHON.spansPerS)} spans/s, parsing included, on this 2-core machine). MB/s is of the path's own input: the JSON text, or the protobuf bytes (${(protobuf.length / capture.jsonBytes * 100).toFixed(0)}% of the JSON's size). "x JSON.parse time" is the task's median over the same-run median of JSON.parse of the JSON text; the CPU columns do the same with this process's CPU time (user + system), which a wait for a shared core does not inflate. The floor is what any reader that parses with JSON.parse spends before it builds a row: the document, then the JSON texts inside it that rows need (message lists held in attribute strings, of a history that repeats only its new tail; tool arguments and results).`,
  "",
].join("\n");

console.log(`\n${table}`);
const out = new URL("./results/", import.meta.url);
mkdirSync(out, { recursive: true });
// A run against a baseline build is a comparison, not the package's figures.
if (baseline === null) writeFileSync(new URL(TARGET_MB === 100 ? "otel.md" : `otel-${TARGET_MB}mb.md`, out), table);
if (sink === -1) console.log(sink);
