// fixtures/captures/traceloop: @traceloop/node-server-sdk with its OpenAI instrumentation.
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";
import { earliestStart, readCapture, rootTraceId } from "./capture.js";
import { parisStep, tokyoStep } from "./weather.js";

describe("Traceloop captures", () => {
  it("conversation: two workflow turns of one conversation, withTool spans as steps, usage of the four completions", () => {
    const capture = readCapture("traceloop", "conversation");
    expect(rowsFromOtel(capture)).toEqual([
      {
        prompt: "What's the weather in Paris?",
        steps: [parisStep, { user: "And in Tokyo?" }, tokyoStep],
        final_text: "Tokyo has light rain at 24 °C.",
        conversation_id: "tl-conversation-1",
        ts: earliestStart(capture),
        model_version: "gpt-4o-mini",
        usage: { input_tokens: 61 + 97 + 118 + 154, output_tokens: 16 + 10 + 16 + 11 },
        schema_version: "1",
      },
    ]);
  });

  it("custom-model: with no model span, the workflow's argument and return value are the prompt and final text", () => {
    const capture = readCapture("traceloop", "custom-model");
    expect(rowsFromOtel(capture)).toEqual([
      {
        prompt: "Should I pack sunglasses for Paris?",
        steps: [parisStep],
        final_text: "Yes, take sunglasses: Paris is sunny.",
        conversation_id: rootTraceId(capture),
        ts: earliestStart(capture),
        schema_version: "1",
      },
    ]);
  });
});
