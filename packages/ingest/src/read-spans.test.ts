// `{ spans: true }`: every OpenTelemetry container keeps each conversation's spans, the rows stay
// exactly as without it, and a read without the option has no `spans` at all.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { rowsWithSpans } from "@whileai/otel";
import { describe, expect, it } from "vitest";
import { readTraces } from "./index.js";

const example = (name: string): Uint8Array<ArrayBuffer> => new Uint8Array(readFileSync(new URL(`../../../examples/${name}`, import.meta.url)));
const genai = JSON.parse(new TextDecoder().decode(example("otel/genai.otlp.json"))) as { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] };
const spanList = genai.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
const expected = new Map(rowsWithSpans(genai).map(({ row, spans }) => [row.conversation_id, spans]));

const SOURCES: [string, Uint8Array][] = [
  ["OTLP/JSON", example("otel/genai.otlp.json")],
  ["OTLP protobuf", example("otel/genai.otlp.pb")],
  ["gzipped OTLP JSON Lines", example("otel/genai.otlp.jsonl.gz")],
  ["a span array", new TextEncoder().encode(JSON.stringify(spanList))],
  ["spans as JSON Lines", gzipSync(spanList.map((s) => JSON.stringify(s)).join("\n"))],
];

describe("readTraces with spans", () => {
  it.each(SOURCES)("%s: the rows are the default read's, the spans rowsWithSpans'", async (_, bytes) => {
    const plain = await readTraces(bytes, { raw: true });
    const kept = await readTraces(bytes, { raw: true, spans: true });
    expect(Object.keys(plain).sort()).toEqual(["report", "rows"]);
    expect(kept.rows).toEqual(plain.rows);
    expect(kept.report).toEqual(plain.report);
    expect(kept.spans).toEqual(expected);
  });

  it("canonical rows too, and a row file gives an empty map", async () => {
    const bytes = example("otel/genai.otlp.json");
    expect((await readTraces(bytes, { spans: true })).rows).toEqual((await readTraces(bytes)).rows);
    const rows = await readTraces(example("otel/genai.rows.jsonl"), { spans: true });
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.spans).toEqual(new Map());
  });
});
