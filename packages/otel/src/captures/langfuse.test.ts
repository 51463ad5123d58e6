// fixtures/captures/langfuse: @langfuse/tracing observations, the body LangfuseSpanProcessor posted.
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";
import { earliestStart, readCapture } from "./capture.js";
import { parisStep, tokyoStep } from "./weather.js";

describe("Langfuse captures", () => {
  it("agent-session: one session of two agent traces; tool observations as steps, generations' model and usage_details", () => {
    const capture = readCapture("langfuse", "agent-session");
    expect(rowsFromOtel(capture)).toEqual([
      {
        prompt: "What's the weather in Paris?",
        steps: [parisStep, { user: "And in Tokyo?" }, tokyoStep],
        final_text: "Tokyo: light rain, 24 °C.",
        conversation_id: "lf-session-1",
        ts: earliestStart(capture),
        model_version: "gpt-4o-mini",
        usage: { input_tokens: 61 + 97 + 116 + 152, output_tokens: 16 + 9 + 16 + 10 },
        schema_version: "1",
      },
    ]);
  });
});
