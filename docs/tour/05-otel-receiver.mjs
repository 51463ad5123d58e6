// An OTLP/HTTP receiver any OpenTelemetry exporter can send to: each conversation becomes a row
// once no span has come for it in `idleMs`, and every open one when the receiver closes.
import { readFile } from "node:fs/promises";
import { startOtlpReceiver } from "@whileai/otel/node";

const receiver = await startOtlpReceiver({
  port: 0, // default 4318, the OTLP/HTTP port; 0 picks a free one
  idleMs: 5_000,
  onRow: (row) => console.log(`row: ${row.prompt} (${row.steps.length} tool calls, reward ${row.reward})`),
  // output: "rows.jsonl" would append each row to that file
});
console.log(`receiving on ${receiver.url}`);

// What an exporter with OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=<that url> does: POST the spans.
const body = await readFile("examples/otel/genai.otlp.pb");
const response = await fetch(receiver.url, { method: "POST", headers: { "content-type": "application/x-protobuf" }, body });
console.log(`POST ${response.status}`);

console.log(await receiver.close());
