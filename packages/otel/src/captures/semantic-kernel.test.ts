import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";

// Semantic Kernel: hand-written captures in fixtures/documented/semantic-kernel (see its SOURCE.md).
const capture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/documented/semantic-kernel/${name}.otlp.json`, import.meta.url), "utf8"));

describe("Semantic Kernel captures", () => {
  it("dotnet-chat-tool-loop: gen_ai.event.content events and an execute_tool span without a call id", () => {
    expect(rowsFromOtel(capture("dotnet-chat-tool-loop"))).toEqual([
      {
        prompt: "What's the forecast for Oslo tomorrow?",
        steps: [{ tool: "GetForecast", arguments: { city: "Oslo", day: "tomorrow" }, result: { high_c: -1, low_c: -6, summary: "snow showers" } }],
        final_text: "Tomorrow in Oslo: snow showers, between -6 and -1 °C.",
        conversation_id: "f2a0bfcede3cf1008f1e3dedfb1a798a",
        ts: 1767290400000000000,
        model_version: "gpt-4o",
        usage: { input_tokens: 283, output_tokens: 43 },
        schema_version: "1",
      },
    ]);
  });

  it("dotnet-text-completion: a plain-text prompt event and a choice whose message is the text", () => {
    expect(rowsFromOtel(capture("dotnet-text-completion"))).toEqual([
      {
        prompt: "Write a one-line slogan for a bakery called Crumb & Co.",
        steps: [],
        final_text: "Crumb & Co. — baked fresh, loved to the last crumb.",
        conversation_id: "03b1c0dfef4d0211902f4efe0c2b8a9b",
        ts: 1767294000000000000,
        model_version: "gpt-3.5-turbo-instruct",
        usage: { input_tokens: 15, output_tokens: 16 },
        schema_version: "1",
      },
    ]);
  });
});
