import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";

// Pydantic AI: hand-written captures in fixtures/documented/pydantic-ai (see its SOURCE.md).
const capture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/documented/pydantic-ai/${name}.otlp.json`, import.meta.url), "utf8"));

// v1 and v2 record the same run: the rows differ only in the trace and the usage each reports.
const weatherRun = { prompt: "What's the weather in Paris?", steps: [{ tool: "get_weather", arguments: { city: "Paris" }, result: { temperature_c: 21, conditions: "sunny" } }], final_text: "It's 21 °C and sunny in Paris." };

describe("Pydantic AI captures", () => {
  it("agent-run-only: the run span alone gives the prompt, both calls with their results and final_result", () => {
    expect(rowsFromOtel(capture("agent-run-only"))).toEqual([
      {
        prompt: "Compare the weather in Paris and London.",
        steps: [
          { tool: "get_weather", arguments: { city: "Paris" }, result: { temperature_c: 21, conditions: "sunny" } },
          { tool: "get_weather", arguments: { city: "London" }, result: { temperature_c: 14, conditions: "rain" } },
        ],
        final_text: "Paris is sunny at 21 °C; London is rainy at 14 °C.",
        conversation_id: "01K2ZQ7V9W3X4Y5Z6A7B8C9D0F",
        ts: 1767265200000000000,
        schema_version: "1",
      },
    ]);
  });

  it("v1-events: the `events` JSON of model spans and a `running tool` span; the agent run span's total is not added to the model calls below it", () => {
    expect(rowsFromOtel(capture("v1-events"))).toEqual([
      { ...weatherRun, conversation_id: "7a2e3d4c5b6a79880796b5c4d3e2f102", ts: 1767261600000000000, model_version: "gpt-4o", usage: { input_tokens: 229, output_tokens: 38 }, schema_version: "1" },
    ]);
  });

  it("v2-tool-loop: parts messages, a `running tool` span absorbing the call by id; the agent run span's total is not added to the model calls below it", () => {
    expect(rowsFromOtel(capture("v2-tool-loop"))).toEqual([
      { ...weatherRun, conversation_id: "6f1d2c3b4a5968778695a4b3c2d1e0f1", ts: 1767258000000000000, model_version: "gpt-4o", usage: { input_tokens: 231, output_tokens: 39 }, schema_version: "1" },
    ]);
  });
});
