import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";

// MLflow: hand-written captures in fixtures/documented/mlflow (see its SOURCE.md).
const capture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/documented/mlflow/${name}.otlp.json`, import.meta.url), "utf8"));

describe("MLflow captures", () => {
  it("chat-messages-history: mlflow.chat.messages alone gives the earlier call, its answer and the later user turn in order", () => {
    expect(rowsFromOtel(capture("chat-messages-history"))).toEqual([
      {
        prompt: "Is it raining in Paris?",
        steps: [
          { tool: "get_weather", arguments: { city: "Paris" }, result: "light rain, 14°C" },
          { user: "And should I take an umbrella?" },
        ],
        final_text: "Yes, take an umbrella: light rain is expected all afternoon.",
        conversation_id: "e19faebdcd2be0ff7e0d2cdbea096879",
        ts: 1767286800000000000,
        schema_version: "1",
      },
    ]);
  });

  it("openai-autolog-tool-loop: CHAT_MODEL spans, a TOOL span absorbing the call by name, usage from mlflow.chat.tokenUsage", () => {
    expect(rowsFromOtel(capture("openai-autolog-tool-loop"))).toEqual([
      {
        prompt: "Is it raining in Paris?",
        steps: [{ tool: "get_weather", arguments: { city: "Paris" }, result: "light rain, 14°C" }],
        final_text: "Yes, there is light rain in Paris and it's 14°C.",
        conversation_id: "d08e9dacbc1adfee6dfc1bcad9e85768",
        ts: 1767283200000000000,
        usage: { input_tokens: 198, output_tokens: 32 },
        schema_version: "1",
      },
    ]);
  });
});
