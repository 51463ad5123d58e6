import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";

// LiveKit Agents: hand-written captures in fixtures/documented/livekit (see its SOURCE.md).
const capture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/documented/livekit/${name}.otlp.json`, import.meta.url), "utf8"));

// Both captures record the same voice turn; 1.7 only renamed the content keys.
const weatherTurn = {
  prompt: "What's the weather in Paris?",
  steps: [{ tool: "get_weather", arguments: { location: "Paris" }, result: "sunny, 21 degrees" }],
  final_text: "It's sunny and 21 degrees in Paris.",
};
// Usage is the two llm_request spans' gen_ai.usage.*, which Python reads.
const tail = { model_version: "gpt-4.1-mini", usage: { input_tokens: 1059, output_tokens: 29 }, schema_version: "1" };

describe("LiveKit Agents captures", () => {
  it("pre-pii-keys: the lk.* keys of 1.4 read as the lk.pii.* ones", () => {
    expect(rowsFromOtel(capture("pre-pii-keys"))).toEqual([
      { ...weatherTurn, conversation_id: "cf7d8c9bab0fcedd5ceb0ab9c8d74657", ts: 1767279600000000000, ...tail },
    ]);
  });

  it("voice-tool-turn: agent_turn, llm_node and function_tool spans, with the llm_request events, give one tool step", () => {
    expect(rowsFromOtel(capture("voice-tool-turn"))).toEqual([
      { ...weatherTurn, conversation_id: "be6c7b8a9faebdcc4bdaf9a8b7c63546", ts: 1767276000000000000, ...tail },
    ]);
  });
});
