import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";

// GenAI events and histories: hand-written captures in fixtures/documented/genai-events (see its SOURCE.md).
const capture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/documented/genai-events/${name}.otlp.json`, import.meta.url), "utf8"));

describe("GenAI events and histories captures", () => {
  it("choice-tool-calls: a call carried only in the choice's tool_calls becomes a step bound to the tool message", () => {
    expect(rowsFromOtel(capture("choice-tool-calls"))).toEqual([
      {
        prompt: "Where is my order A-1042?",
        steps: [{ tool: "lookup_order", arguments: { order_id: "A-1042" }, result: { status: "shipped", eta: "2026-01-03" } }],
        final_text: "Order A-1042 has shipped and should arrive on January 3.",
        conversation_id: "25d3e2f1016f2433b2406a1a2e4dabcd",
        ts: 1767301200000000000,
        model_version: "gpt-4o-mini",
        usage: { input_tokens: 166, output_tokens: 33 },
        schema_version: "1",
      },
    ]);
  });

  it("history-only-parts: the last model call's input history gives both calls, their responses and the user turn between them", () => {
    expect(rowsFromOtel(capture("history-only-parts"))).toEqual([
      {
        prompt: "Cancel order A-77.",
        steps: [
          { tool: "get_order", arguments: { order_id: "A-77" }, result: { status: "processing" } },
          { user: "Yes, cancel it." },
          { tool: "cancel_order", arguments: { order_id: "A-77" }, result: { cancelled: true } },
        ],
        final_text: "Done: order A-77 is cancelled.",
        conversation_id: "36e4f30212704544c351eb2b3f5ebcde",
        ts: 1767304800000000000,
        model_version: "gpt-4.1-mini",
        usage: { input_tokens: 211, output_tokens: 12 },
        schema_version: "1",
      },
    ]);
  });

  it("operation-details: the inference details event's messages, an execute_tool span without arguments adding no step", () => {
    expect(rowsFromOtel(capture("operation-details"))).toEqual([
      {
        prompt: "Find me a flight from Lisbon to Berlin on May 3.",
        steps: [{ tool: "search_flights", arguments: { from: "LIS", to: "BER", date: "2026-05-03" }, result: { flights: [{ number: "TP552", departs: "07:05", price_eur: "189" }] } }],
        final_text: "TAP flight TP552 leaves Lisbon at 07:05 on May 3 for €189.",
        conversation_id: "14c2d1e0f05e1322a13f5f0f1d3c9bac",
        ts: 1767297600000000000,
        model_version: "gpt-4.1",
        usage: { input_tokens: 219, output_tokens: 40 },
        schema_version: "1",
      },
    ]);
  });
});
