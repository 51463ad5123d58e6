// fixtures/captures/langchain: LangChain.js (createAgent, ChatOpenAI) under @arizeai/openinference-instrumentation-langchain.
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";
import { earliestStart, readCapture, rootTraceId } from "./capture.js";
import { parisStep, tokyoStep } from "./weather.js";

describe("LangChain (OpenInference) captures", () => {
  it("agent-thread: two turns on one thread_id; tool spans give the ToolMessage content and the model's own arguments", () => {
    const capture = readCapture("langchain", "agent-thread");
    expect(rowsFromOtel(capture)).toEqual([
      {
        prompt: "What's the weather in Paris?",
        steps: [parisStep, { user: "And in Tokyo?" }, tokyoStep],
        final_text: "Tokyo: 24 °C with light rain.",
        conversation_id: "lc-thread-1",
        ts: earliestStart(capture),
        model_version: "gpt-4o-mini",
        usage: { input_tokens: 70 + 104 + 125 + 160, output_tokens: 15 + 9 + 15 + 10 },
        schema_version: "1",
      },
    ]);
  });

  it("chain: prompt | model | parser invoked with {input} is the question and the parsed answer", () => {
    const capture = readCapture("langchain", "chain");
    expect(rowsFromOtel(capture)).toEqual([
      {
        prompt: "How many syllables does a haiku have?",
        steps: [],
        final_text: "A haiku needs five, seven, then five syllables.",
        conversation_id: rootTraceId(capture),
        ts: earliestStart(capture),
        model_version: "gpt-4o-mini",
        usage: { input_tokens: 22, output_tokens: 11 },
        schema_version: "1",
      },
    ]);
  });
});
