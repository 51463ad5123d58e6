// Throughput of loadTraces and traceReport on 100,000 mixed-format rows, against a same-run
// baseline (JSON.parse of the same rows as JSONL lines: the cost of merely reading the data) and
// against the Python SDK's figures as quoted in the issue (not measured here).
// Each task's process CPU time is recorded beside its wall time (the machine is shared, and a
// task descheduled for a while shows it in wall time only). With `--baseline DIR` (another
// build's dist folder, e.g. a copy of main's placed where its imports resolve) that build's
// traceReport runs in the same rounds, and its full reports must equal ours (JSON text).
//   pnpm --filter @whileai/bench run bench      (or: node bench/traces.bench.mjs; ROUNDS=n to change the 9 rounds)
//   cp -r packages/traces/dist packages/traces/node_modules/.baseline-dist     (on main's build)
//   node bench/traces.bench.mjs --baseline packages/traces/node_modules/.baseline-dist
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { loadTraces, traceReport } from "@whileai/traces";
import { benchRows } from "./rows.mjs";
import { fmt, median as medianOf } from "./stats.mjs";

const { values } = parseArgs({ options: { baseline: { type: "string" }, out: { type: "string", default: "traces.md" } } });
const baseline = values.baseline === undefined ? null : await import(pathToFileURL(resolve(values.baseline, "index.js")).href);

const N = 100_000;
// Quoted from the issue for the Python SDK on this 2-core machine; this script does not run Python.
const PYTHON_ROWS_PER_S = { load: 28_000, report: 10_000 };

const lines = benchRows(N).map((row) => JSON.stringify(row));
const parsed = lines.map((line) => JSON.parse(line));
const loaded = loadTraces(parsed);
const check = traceReport(loaded);
console.log(`${N} rows: ${loaded.length} kept by loadTraces, report sees ${check.traces} traces, ${check.graded} graded, ${Object.keys(check.faults_observed).length} fault kinds`);
if (baseline !== null) {
  // Every answer of the report, compared as JSON text, on the rows as read and as loaded.
  const same = [parsed, loaded].every((rows) => JSON.stringify(traceReport(rows)) === JSON.stringify(baseline.traceReport(rows)));
  console.log(`baseline ${values.baseline}: reports ${same ? "equal" : "DIFFER"}`);
  if (!same) process.exit(1);
}

// Results go to a sink so the work cannot be optimised away.
let sink = 0;
const tasks = [
  ["JSON.parse baseline", () => {
    for (let i = 0; i < lines.length; i++) sink += JSON.parse(lines[i]) === null ? 1 : 0;
  }],
  ["loadTraces", () => {
    sink += loadTraces(parsed).length;
  }],
  // As Python's trace_report is called: on the rows as read, loading them itself.
  ["traceReport", () => {
    sink += traceReport(parsed).traces;
  }],
  // On rows that went through loadTraces already (they need no second copy).
  ["traceReport, rows already loaded", () => {
    sink += traceReport(loaded).traces;
  }],
];
if (baseline !== null) {
  tasks.push(
    ["traceReport (baseline build)", () => {
      sink += baseline.traceReport(parsed).traces;
    }],
    ["traceReport, rows already loaded (baseline build)", () => {
      sink += baseline.traceReport(loaded).traces;
    }],
  );
}
// Alternated rounds: every round runs each task once, starting one task later than the round
// before, so load from other processes on this shared machine falls on all tasks alike.
const ROUNDS = Number(process.env.ROUNDS ?? 9);
const WARMUP = 2;
const samples = new Map(tasks.map(([name]) => [name, []]));
const cpuSamples = new Map(tasks.map(([name]) => [name, []]));
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  for (let k = 0; k < tasks.length; k++) {
    const [name, run] = tasks[(round + k) % tasks.length];
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    run();
    const wall = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    if (round >= WARMUP) {
      samples.get(name).push(wall);
      cpuSamples.get(name).push((cpu.user + cpu.system) / 1000);
    }
  }
}

const median = (name, from = samples) => medianOf(from.get(name));
const base = median("JSON.parse baseline");
const cpuBase = median("JSON.parse baseline", cpuSamples);
const python = { loadTraces: PYTHON_ROWS_PER_S.load, traceReport: PYTHON_ROWS_PER_S.report };

// Each round's own ratio to JSON.parse, whose median drifts less with the host's speed than a
// ratio of medians does: both times of a round are taken within a few seconds of each other.
const perRound = (name) => {
  const parse = samples.get("JSON.parse baseline");
  return medianOf(samples.get(name).map((ms, i) => ms / parse[i]));
};
const rows = tasks.map(([name]) => {
  const ms = median(name);
  const perSecond = (N / ms) * 1000;
  const cpu = median(name, cpuSamples);
  const quoted = python[name];
  return `| ${name} | ${fmt(ms, 1)} | ${fmt(perSecond)} | ${(ms / base).toFixed(2)}x | ${perRound(name).toFixed(2)}x | ${fmt(cpu, 1)} | ${(cpu / cpuBase).toFixed(2)}x | ${quoted ? `${(perSecond / quoted).toFixed(1)}x (${fmt(quoted)} rows/s)` : "-"} |`;
});
const table = [
  `## @whileai/traces on ${fmt(N)} rows`,
  "",
  `Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown CPU"}; median of ${ROUNDS} alternated rounds (after ${WARMUP} warm-up rounds); load average at the end ${loadavg().map((x) => x.toFixed(1)).join(" / ")}.`,
  "Rows: 40% canonical, 25% `tool_trace`, 20% OpenAI `messages`, 14.5% Anthropic blocks, 0.5% empty; 1-3 tool calls each, about 40% of results faulted;",
  "labels 0/1 (int, bool, string), fractional, unlabelled and `qwen_reward`. `traceReport` runs without `tools` (no emphasis grid).",
  "",
  "| task | median ms / 100k rows | rows/s | x JSON.parse time | median of each round's x JSON.parse time | median CPU ms | x JSON.parse CPU | vs Python SDK (quoted, not measured here) |",
  "|---|---:|---:|---:|---:|---:|---:|---:|",
  ...rows,
  "",
  `Python SDK figures are quoted from the issue (load_traces ≈ ${fmt(PYTHON_ROWS_PER_S.load)} rows/s, trace_report ≈ ${fmt(PYTHON_ROWS_PER_S.report)} rows/s on this 2-core machine, on rows as read); \`traceReport\` here is called the same way, on the parsed rows, and loads them itself. "x JSON.parse time" is the task's median over the same-run median of parsing the rows' JSONL lines, and the next column the median of that ratio taken within each round; "CPU" is the process's CPU time (user + system, all threads) over the task, and its ratio the same over JSON.parse's.${baseline === null ? "" : ` Rows marked "baseline build" run the build in \`${values.baseline}\` in the same rounds; its reports equal ours (JSON text, rows as read and as loaded).`}`,
  "",
].join("\n");

console.log(`\n${table}`);
const out = new URL("./results/", import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL(values.out, out), table);
if (sink === -1) console.log(sink);
