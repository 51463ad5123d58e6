// fixtures/captures/openinference-openai: the openai client under @arizeai/openinference-instrumentation-openai.
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";
import { earliestStart, readCapture } from "./capture.js";
import { parisStep, tokyoStep } from "./weather.js";

describe("OpenInference (openai) captures", () => {
  it("agent-session: two agent runs of one session are one row, each tool span a step, the second question a user turn", () => {
    const capture = readCapture("openinference-openai", "agent-session");
    expect(rowsFromOtel(capture)).toEqual([
      {
        prompt: "What's the weather in Paris?",
        steps: [parisStep, { user: "And in Tokyo?" }, tokyoStep],
        final_text: "Tokyo is at 24 °C with light rain.",
        conversation_id: "weather-session-1",
        ts: earliestStart(capture),
        model_version: "gpt-4o-mini",
        // The four scripted completions: 61+97+121+158 in, 16+12+16+13 out.
        usage: { input_tokens: 437, output_tokens: 57 },
        schema_version: "1",
      },
    ]);
  });

  it("streaming-tool-loop: the call from the first stream's output is bound to the tool message of the next input", () => {
    const capture = readCapture("openinference-openai", "streaming-tool-loop");
    expect(rowsFromOtel(capture)).toEqual([
      {
        prompt: "Is it raining in Tokyo?",
        steps: [tokyoStep],
        final_text: "Right now Tokyo has light rain at 24 °C.",
        conversation_id: "weather-stream-1",
        ts: earliestStart(capture),
        model_version: "gpt-4o-mini",
        // The instrumentation records no token counts for streamed completions: no usage key.
        schema_version: "1",
      },
    ]);
  });
});
