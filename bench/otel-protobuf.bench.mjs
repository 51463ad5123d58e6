// OTLP protobuf → rows against OTLP JSON → rows on the same capture (bench/otel-capture.mjs), and
// decodeOtlpProtobuf (the generated decoder) against the protobufjs path it replaced (reflection
// decode + toObject + hex ids, from the same .proto files), with JSON.parse of the JSON text as
// the baseline. Rounds alternate the tasks, each round starting one task later (A B C D E, then
// B C D E A, ...), so load on this shared machine falls on all of them alike; medians of the
// rounds, of wall time and of this process's CPU time (which a wait for a shared core does not inflate).
//   node bench/otel-protobuf.bench.mjs              (--mb 20 --rounds 5 for a quicker run)
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { decodeOtlpProtobuf, parseOtlpJson, rowsFromOtel } from "@whileai/otel";
import Long from "long";
import protobuf from "protobufjs";
import { otelCapture } from "./otel-capture.mjs";

const arg = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const TARGET_MB = arg("--mb", 100);
const ROUNDS = arg("--rounds", 9);

protobuf.util.Long = Long;
protobuf.configure();
const root = new protobuf.Root();
const protoDir = fileURLToPath(new URL("../packages/otel/proto/", import.meta.url));
root.resolvePath = (_origin, target) => `${protoDir}${target}`;
root.loadSync("opentelemetry/proto/collector/trace/v1/trace_service.proto");
const Request = root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest");
/** The decoder @whileai/otel used before (protobufjs compiles it at run time). */
function protobufjsDecode(bytes) {
  const object = Request.toObject(Request.decode(bytes), { longs: String, enums: Number, bytes: String, json: true });
  for (const rs of object.resourceSpans ?? []) {
    for (const ss of rs.scopeSpans ?? []) {
      for (const span of ss.spans ?? []) {
        for (const target of [span, ...(span.links ?? [])]) {
          for (const key of ["traceId", "spanId", "parentSpanId"]) if (typeof target[key] === "string") target[key] = Buffer.from(target[key], "base64").toString("hex");
        }
      }
    }
  }
  return object;
}

const capture = await otelCapture({ targetBytes: TARGET_MB * 1e6 });
const { text, protobuf: pb } = capture;
const same = JSON.stringify(rowsFromOtel(parseOtlpJson(text))) === JSON.stringify(rowsFromOtel(decodeOtlpProtobuf(pb)));
if (!same) throw new Error("JSON and protobuf captures give different rows");
if (JSON.stringify(decodeOtlpProtobuf(pb)) !== JSON.stringify(protobufjsDecode(pb))) throw new Error("the generated decoder and protobufjs disagree");

let sink = 0;
const tasks = {
  "JSON.parse baseline": () => (sink += JSON.parse(text).resourceSpans.length),
  "OTLP JSON → rows": () => (sink += rowsFromOtel(parseOtlpJson(text)).length),
  "OTLP protobuf → rows": () => (sink += rowsFromOtel(decodeOtlpProtobuf(pb)).length),
  "decodeOtlpProtobuf alone (generated)": () => (sink += decodeOtlpProtobuf(pb).resourceSpans.length),
  "protobufjs decode + toObject + hex ids (before)": () => (sink += protobufjsDecode(pb).resourceSpans.length),
};
const times = Object.fromEntries(Object.keys(tasks).map((k) => [k, []]));
const cpuTimes = Object.fromEntries(Object.keys(tasks).map((k) => [k, []]));
const loads = [];
const entries = Object.entries(tasks);
for (const run of Object.values(tasks)) run(); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  loads.push(loadavg()[0]);
  for (let i = 0; i < entries.length; i++) {
    const [name, run] = entries[(i + round) % entries.length];
    const cpu0 = process.cpuUsage();
    const t = performance.now();
    run();
    times[name].push(performance.now() - t);
    const cpu = process.cpuUsage(cpu0);
    cpuTimes[name].push((cpu.user + cpu.system) / 1000);
  }
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
const c = Object.fromEntries(Object.entries(cpuTimes).map(([k, v]) => [k, median(v)]));
const fmt = (x, d = 0) => x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
const rows = Object.keys(tasks).map((name) => {
  const bytes = /protobuf/i.test(name) ? pb.length : capture.jsonBytes;
  return `| ${name} | ${fmt(m[name])} | ${fmt(bytes / 1e6 / (m[name] / 1000), 1)} | ${(m[name] / m["JSON.parse baseline"]).toFixed(2)}x | ${fmt(c[name])} | ${(c[name] / c["JSON.parse baseline"]).toFixed(2)}x |`;
});
const table = [
  `## OTLP protobuf → rows against JSON → rows, ${fmt(capture.jsonBytes / 1e6)} MB capture`,
  "",
  `Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown CPU"}; ${ROUNDS} alternated rounds, medians; 1-minute load average during the rounds ${fmt(Math.min(...loads), 1)}–${fmt(Math.max(...loads), 1)}.`,
  `Capture (bench/otel-capture.mjs): ${fmt(capture.spans)} spans, JSON ${fmt(capture.jsonBytes / 1e6, 1)} MB, protobuf ${fmt(pb.length / 1e6, 1)} MB; both give the same rows.`,
  "",
  "| task | median ms | MB/s (of its input) | x JSON.parse time | median CPU ms | x JSON.parse CPU time |",
  "|---|---:|---:|---:|---:|---:|",
  ...rows,
  "",
  `protobuf → rows / JSON → rows: **${(m["OTLP protobuf → rows"] / m["OTLP JSON → rows"]).toFixed(2)}x** the time, ${(c["OTLP protobuf → rows"] / c["OTLP JSON → rows"]).toFixed(2)}x the CPU time (goal: under 1). Generated decoder / protobufjs path: ${(m["decodeOtlpProtobuf alone (generated)"] / m["protobufjs decode + toObject + hex ids (before)"]).toFixed(2)}x the time.`,
  `Per round, protobuf → rows / JSON → rows: ${times["OTLP protobuf → rows"].map((t, i) => (t / times["OTLP JSON → rows"][i]).toFixed(2)).join(", ")} (time); ${cpuTimes["OTLP protobuf → rows"].map((t, i) => (t / cpuTimes["OTLP JSON → rows"][i]).toFixed(2)).join(", ")} (CPU time).`,
  "",
].join("\n");
console.log(table);
const out = new URL("./results/", import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL(TARGET_MB === 100 ? "otel-protobuf.md" : `otel-protobuf-${TARGET_MB}mb.md`, out), table);
if (sink === -1) console.log(sink);
