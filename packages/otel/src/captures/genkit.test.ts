import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";

// Genkit: hand-written captures in fixtures/documented/genkit (see its SOURCE.md).
const capture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/documented/genkit/${name}.otlp.json`, import.meta.url), "utf8"));

describe("Genkit captures", () => {
  it("tool-error: a failing tool span (genkit:state error) wraps its result with the exception message", () => {
    expect(rowsFromOtel(capture("tool-error"))).toEqual([
      {
        prompt: "Book a table for two at Chez Paul tonight.",
        steps: [{ tool: "bookTable", arguments: { restaurant: "Chez Paul", partySize: 2 }, result: { status: "error", output: null, error: "Restaurant is fully booked" } }],
        final_text: "Let me check availability.",
        conversation_id: "ad5b6a7f8e9dacbb3ac9e8f7a6b52435",
        ts: 1767272400000000000,
        usage: { input_tokens: 44, output_tokens: 19 },
        schema_version: "1",
      },
    ]);
  });

  it("tool-loop: model and tool action spans; the tool span absorbs the id-less toolRequest by name; usage from the responses", () => {
    expect(rowsFromOtel(capture("tool-loop"))).toEqual([
      {
        prompt: "What's the weather like in Paris?",
        steps: [{ tool: "getWeather", arguments: { location: "Paris" }, result: { location: "Paris", temperatureC: 21, conditions: "sunny" } }],
        final_text: "It's 21°C and sunny in Paris right now.",
        conversation_id: "9c4a5f6e7d8c9baa29b8d7e6f5a41324",
        ts: 1767268800000000000,
        usage: { input_tokens: 140, output_tokens: 21 },
        schema_version: "1",
      },
    ]);
  });
});
