// The real Vercel AI SDK captures (fixtures/captures/vercel-ai-6 and -7, written by
// fixtures/emitters/vercel-ai-*/generate.mjs) read into the rows the scenarios stand for.
// Expected values come from what each scenario did (fixtures/emitters/vercel-ai-scenarios.mjs):
// the mock model's replies and token counts, the tools' return values and the thrown error.
import { readFileSync } from "node:fs";
import { loadTracesWithReport } from "@whileai/traces";
import { describe, expect, it } from "vitest";
import { rowsFromOtel } from "../rows-from-otel.js";
import { earliestStart, readCapture, spansOf } from "./capture.js";

const capture = (version: 6 | 7, scenario: string) => readCapture(`vercel-ai-${version}`, scenario);
// Ids and times change with every run: `ts` is the earliest start, as the nearest double.
const earliest = earliestStart;

const lookupA1 = { tool: "lookupOrder", arguments: { orderId: "A1" }, result: { orderId: "A1", status: "shipped", eta: "2026-01-05" } };
const lookupB2 = { tool: "lookupOrder", arguments: { orderId: "B2" }, result: { orderId: "B2", status: "delayed", eta: "2026-01-20" } };
const refund = (result: unknown) => ({ tool: "refundOrder", arguments: { orderId: "B2", reason: "delayed" }, result });
const weather = { tool: "getWeather", arguments: { city: "Lisbon" }, result: { city: "Lisbon", celsius: 21, sky: "clear" } };
const stockFailed = { tool: "checkStock", arguments: { sku: "SKU-9" }, result: { status: "error", output: null, error: "inventory service unavailable" } };
const object = '{"name":"Pancakes","servings":4,"ingredients":["flour","milk","eggs"]}';
const loopAnswer = "A1 has shipped (arrives 2026-01-05). B2 is delayed, so I refunded it.";

/** One row per scenario; usage is the sum of the model calls' tokens (never the call span's total again). */
function expected(version: 6 | 7) {
  const model_version = `mock-model-${version}`;
  return {
    "plain-text": { prompt: "What is the capital of France?", steps: [], final_text: "Paris.", conversation_id: "session-plain-text", model_version, usage: { input_tokens: 14, output_tokens: 3 } },
    "tool-loop": {
      prompt: "Hi, I need help with my orders.",
      // SDK 7 writes the tool's string result as JSON text (`"refund issued for B2"`) under
      // gen_ai.tool.call.result, which Python keeps as it is (conformance rows_from_otel-137).
      steps: [{ user: "Where are A1 and B2? Refund B2 if it is delayed." }, lookupA1, lookupB2, refund(version === 6 ? "refund issued for B2" : '"refund issued for B2"')],
      final_text: loopAnswer,
      conversation_id: "session-tool-loop",
      reward: 1,
      model_version,
      usage: { input_tokens: 52 + 110 + 140, output_tokens: 24 + 18 + 20 },
    },
    "stream-tool": { prompt: "Is it warm in Lisbon right now?", steps: [weather], final_text: "Yes: 21 °C and clear.", conversation_id: "session-stream-tool", model_version, usage: { input_tokens: 30 + 60, output_tokens: 9 + 7 } },
    "generate-object": { prompt: "A pancake recipe for four.", steps: [], final_text: object, model_version, usage: { input_tokens: 25, output_tokens: 19 } },
    "tool-error": {
      prompt: "Do you have SKU-9 in stock?",
      steps: [stockFailed],
      final_text: "Sorry, I cannot check stock right now.",
      conversation_id: "session-tool-error",
      reward: 0,
      model_version,
      usage: { input_tokens: 33 + 58, output_tokens: 8 + 10 },
    },
  };
}

describe.each([6, 7] as const)("AI SDK %i captures", (version) => {
  it.each(Object.entries(expected(version)))("%s reads as one row", (scenario, row) => {
    const data = capture(version, scenario);
    // SDK 7 records runtime context on generateText/streamText steps only: generateObject's row is its trace.
    const conversation_id = "conversation_id" in row ? row.conversation_id : version === 6 ? "session-generate-object" : spansOf(data)[0].traceId;
    expect(rowsFromOtel(data)).toEqual([{ ...row, conversation_id, ts: earliest(data), schema_version: "1" }]);
  });

  it("messages.jsonl (the user's messages and the SDK's response messages) loads into the same steps", () => {
    const lines = readFileSync(new URL(`../../../../fixtures/captures/vercel-ai-${version}/messages.jsonl`, import.meta.url), "utf8").trim().split("\n");
    const report = loadTracesWithReport(lines.map((line) => JSON.parse(line) as unknown));
    expect(report.dropped).toEqual({ not_object: 0, no_signal: 0 });
    expect(report.half_read).toBe(0);
    // SDK 7 hands the model the thrown error's String() ("Error: ..."), SDK 6 its message.
    const stockError = version === 6 ? "inventory service unavailable" : "Error: inventory service unavailable";
    expect(report.rows.map(({ messages: _messages, ...row }) => row)).toEqual([
      { steps: [{ user: "What is the capital of France?" }, { text: "Paris." }], prompt: "What is the capital of France?", final_text: "Paris." },
      {
        steps: [
          { user: "Hi, I need help with my orders." },
          { text: "Sure, which orders?" },
          { user: "Where are A1 and B2? Refund B2 if it is delayed." },
          // An assistant message's calls come before its text, as Python orders tool_use blocks.
          lookupA1,
          lookupB2,
          { text: "Let me look both up." },
          refund("refund issued for B2"),
          { text: loopAnswer },
        ],
        prompt: "Hi, I need help with my orders.",
        final_text: loopAnswer,
      },
      { steps: [{ user: "Is it warm in Lisbon right now?" }, weather, { text: "Yes: 21 °C and clear." }], prompt: "Is it warm in Lisbon right now?", final_text: "Yes: 21 °C and clear." },
      {
        steps: [{ user: "Do you have SKU-9 in stock?" }, { tool: "checkStock", arguments: { sku: "SKU-9" }, result: { error: stockError, status: "error" } }, { text: "Sorry, I cannot check stock right now." }],
        prompt: "Do you have SKU-9 in stock?",
        final_text: "Sorry, I cannot check stock right now.",
      },
    ]);
  });
});

describe("AI SDK capture holding only the last model call", () => {
  it("takes the earlier turns' tool calls and results from that call's prompt", () => {
    const data = capture(6, "tool-loop");
    const spans = spansOf(data) as unknown as { name?: string; startTimeUnixNano: string }[];
    const calls = spans.filter((s) => s.name === "ai.generateText.doGenerate");
    const last = calls.reduce((a, b) => (BigInt(a.startTimeUnixNano) > BigInt(b.startTimeUnixNano) ? a : b));
    const [row] = rowsFromOtel([last]);
    expect(row).toMatchObject({
      prompt: "Hi, I need help with my orders.",
      steps: [{ user: "Where are A1 and B2? Refund B2 if it is delayed." }, lookupA1, lookupB2, refund("refund issued for B2")],
      final_text: loopAnswer,
      usage: { input_tokens: 140, output_tokens: 20 },
    });
  });
});
