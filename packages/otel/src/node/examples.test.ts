// examples/otel/: one captured run per emitter style, as the official OpenTelemetry JS SDK
// serialises it (the OTLP/HTTP JSON exporter's bytes; the GenAI run also as protobuf and as
// the file exporter's gzipped JSON Lines), each beside the rows it must produce. The files are
// written by `UPDATE_EXAMPLES=1 npx vitest run src/node/examples.test.ts` and checked on every run.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";
import { EXPECTED_ROW, SCRIPTS, emitScript, type Convention } from "../testing/scripted-agent.js";
import { readOtlpFile } from "./read-otlp-file.js";

const DIR = fileURLToPath(new URL("../../../../examples/otel/", import.meta.url));
const CONVENTIONS = Object.keys(SCRIPTS) as Convention[];

function capture(convention: Convention): ReadableSpan[] {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": "support-agent", "deployment.environment.name": "production" }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  emitScript(provider.getTracer(`scripted-agent-${convention}`), SCRIPTS[convention]());
  return exporter.getFinishedSpans();
}

async function rowsOfFile(name: string) {
  const rows = [];
  for await (const otlp of readOtlpFile(`${DIR}${name}`)) rows.push(...rowsFromOtel(otlp));
  return rows;
}

const rowsFile = (convention: Convention) => `${DIR}${convention}.rows.jsonl`;

if (process.env.UPDATE_EXAMPLES === "1") {
  mkdirSync(DIR, { recursive: true });
  for (const convention of CONVENTIONS) {
    const spans = capture(convention);
    const json = new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans));
    writeFileSync(`${DIR}${convention}.otlp.json`, `${JSON.stringify(JSON.parse(json), null, 2)}\n`);
    writeFileSync(rowsFile(convention), rowsFromOtel(JSON.parse(json)).map((row) => `${JSON.stringify(row)}\n`).join(""));
    if (convention === "genai") {
      writeFileSync(`${DIR}genai.otlp.pb`, ProtobufTraceSerializer.serializeRequest(spans) as Uint8Array);
      // The file exporter's format: one TracesData per line, here one line per span batch.
      const lines = spans.map((span) => new TextDecoder().decode(JsonTraceSerializer.serializeRequest([span])));
      writeFileSync(`${DIR}genai.otlp.jsonl.gz`, gzipSync(`${lines.join("\n")}\n`));
    }
  }
}

describe.skipIf(!existsSync(DIR))("examples/otel", () => {
  for (const convention of CONVENTIONS) {
    it(`${convention}: the capture gives the rows beside it, which are the scripted run's`, async () => {
      const expected = readFileSync(rowsFile(convention), "utf8").trim().split("\n").map((line) => JSON.parse(line) as unknown);
      expect(expected).toHaveLength(1);
      expect(expected[0]).toMatchObject({ ...EXPECTED_ROW, conversation_id: `conv-${convention}` });
      expect(await rowsOfFile(`${convention}.otlp.json`)).toEqual(expected);
    });
  }

  it("genai as protobuf and as gzipped JSON Lines gives the same rows", async () => {
    const expected = readFileSync(rowsFile("genai"), "utf8").trim().split("\n").map((line) => JSON.parse(line) as unknown);
    expect(await rowsOfFile("genai.otlp.pb")).toEqual(expected);
    // Spans in separate lines still meet in one conversation when read together.
    const objects = [];
    for await (const otlp of readOtlpFile(`${DIR}genai.otlp.jsonl.gz`)) objects.push(otlp);
    expect(objects.length).toBeGreaterThan(1);
    const merged = { resourceSpans: objects.flatMap((o) => (o as { resourceSpans: unknown[] }).resourceSpans) };
    expect(rowsFromOtel(merged)).toEqual(expected);
  });
});
