// OpenTelemetry GenAI spans into rows, one per conversation, from a capture on disk
// (OTLP JSON, the collector file exporter's JSON Lines, or protobuf; gzipped or not).
import * as wai from "@whileai/simulations";
import { readOtlpFile } from "@whileai/otel/node";

// All of a file's spans together: a conversation's spans may sit in several export objects.
const resourceSpans = [];
for await (const otlp of readOtlpFile("examples/otel/genai.otlp.json")) resourceSpans.push(...(otlp.resourceSpans ?? []));

for (const row of wai.rowsFromOtel({ resourceSpans })) {
  console.log(`${row.conversation_id}: ${row.prompt}`);
  for (const step of row.steps) if ("tool" in step) console.log(`  ${step.tool} ${JSON.stringify(step.arguments)} -> ${JSON.stringify(step.result)}`);
  console.log(`  answer: ${row.final_text}`);
  console.log(`  reward ${row.reward}, model ${row.model_version}, tokens`, row.usage);
}
