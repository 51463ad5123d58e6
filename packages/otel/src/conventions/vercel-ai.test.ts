import { describe, expect, it } from "vitest";
import { decodeAttributes } from "../attributes.js";
import { rowsFromOtel } from "../rows-from-otel.js";
import { exportOf, span } from "../testing/otlp.js";
import { aiSdkMessages, aiSdkRewardKeys, aiSdkToolStep } from "./vercel-ai.js";

// The shapes of the real captures (fixtures/captures/vercel-ai-6) are asserted in
// captures/vercel-ai.test.ts; these are the spellings the SDK 6 captures do not show.
const attrs = (values: Record<string, unknown>) => decodeAttributes(span({ start: 1, attributes: values }).attributes);

describe("aiSdkToolStep", () => {
  it("reads an ai.toolCall span, its JSON-text args and result (a JSON string result unquoted)", () => {
    const toolSpan = span({ start: 1, attributes: { "ai.toolCall.name": "refund", "ai.toolCall.id": "c1", "ai.toolCall.args": '{"id":1}', "ai.toolCall.result": '"done"' } });
    expect(aiSdkToolStep(toolSpan, decodeAttributes(toolSpan.attributes))).toEqual({ tool: "refund", arguments: { id: 1 }, result: "done" });
  });

  it("reads no inputs as no arguments and keeps text that is not JSON", () => {
    const toolSpan = span({ start: 1, attributes: { "ai.toolCall.name": "ping", "ai.toolCall.result": "pong" } });
    expect(aiSdkToolStep(toolSpan, decodeAttributes(toolSpan.attributes))).toEqual({ tool: "ping", arguments: {}, result: "pong" });
  });

  it("is not a step without ai.toolCall.name", () => {
    expect(aiSdkToolStep(span({ start: 1 }), attrs({ "ai.toolCall.args": "{}" }))).toBeNull();
  });
});

describe("aiSdkMessages", () => {
  it("reads SDK 4 spellings: tool calls with args, tool results with result and isError", () => {
    const prompt = JSON.stringify([
      { role: "user", content: [{ type: "text", text: "Refund" }, { type: "image", image: "data:..." }, { type: "text", text: "order 7" }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "refund", result: { ok: false }, isError: true }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "c2", toolName: "look", result: 5 }] },
    ]);
    expect(aiSdkMessages(attrs({ "ai.prompt.messages": prompt }), "user")).toEqual({
      texts: ["Refund order 7"],
      calls: [],
      historyCalls: [],
      responses: [
        { id: "c1", response: { status: "error", output: null, error: '{"ok": false}' } },
        { id: "c2", response: 5 },
      ],
    });
    const calls = JSON.stringify([{ toolCallId: " c1", toolName: "refund", args: { id: 7 } }, { toolCallId: "c3", args: {} }]);
    expect(aiSdkMessages(attrs({ "ai.response.toolCalls": calls }), "assistant")).toEqual({ texts: [], calls: [{ id: "c1", name: "refund", arguments: { id: 7 } }], historyCalls: [], responses: [] });
  });

  it("marks denied and failed outputs as errors and keeps an output of an unknown type whole", () => {
    const result = (output: unknown) => ({ role: "tool", content: [{ type: "tool-result", toolCallId: "c", toolName: "t", output }] });
    const prompt = JSON.stringify([
      result({ type: "execution-denied", reason: "user said no" }),
      result({ type: "execution-denied" }),
      result({ type: "error-json", value: { code: 503 } }),
      result({ type: "content", value: [{ type: "text", text: "hi" }] }),
      result({ type: "future-kind", value: 1 }),
    ]);
    expect(aiSdkMessages(attrs({ "ai.prompt.messages": prompt }), "user")?.responses.map((r) => r.response)).toEqual([
      { status: "error", output: null, error: "user said no" },
      { status: "error", output: null, error: "execution-denied" },
      { status: "error", output: null, error: '{"code": 503}' },
      [{ type: "text", text: "hi" }],
      { type: "future-kind", value: 1 },
    ]);
  });

  it("reads the call span's ai.prompt: a prompt string, or messages after it; not the system text", () => {
    expect(aiSdkMessages(attrs({ "ai.prompt": JSON.stringify({ system: "Be brief.", prompt: "Hi" }) }), "user")?.texts).toEqual(["Hi"]);
    const messages = { messages: [{ role: "user", content: "one" }, { role: "assistant", content: "ok" }, { role: "user", content: [{ type: "text", text: "two" }] }] };
    expect(aiSdkMessages(attrs({ "ai.prompt": JSON.stringify(messages) }), "user")?.texts).toEqual(["one", "two"]);
    // SDK 5+ also takes a message list as `prompt`.
    expect(aiSdkMessages(attrs({ "ai.prompt": JSON.stringify({ prompt: [{ role: "user", content: "three" }] }) }), "user")?.texts).toEqual(["three"]);
  });

  it("is null on a span without ai.prompt* or ai.response.*, so the next convention is asked", () => {
    expect(aiSdkMessages(attrs({ "ai.model.id": "m" }), "user")).toBeNull();
    expect(aiSdkMessages(attrs({ "ai.model.id": "m" }), "assistant")).toBeNull();
  });
});

describe("AI SDK metadata", () => {
  it("looks for each reward key and its last segment under both metadata prefixes", () => {
    expect(aiSdkRewardKeys(["whileai.reward"])).toEqual([
      "ai.telemetry.metadata.whileai.reward",
      "ai.settings.context.whileai.reward",
      "ai.telemetry.metadata.reward",
      "ai.settings.context.reward",
    ]);
  });

  it("takes conversation and reward from metadata only where Python's keys say nothing", () => {
    const model = (start: number, extra: Record<string, unknown>) =>
      span({ traceId: "t1", start, attributes: { "ai.prompt.messages": JSON.stringify([{ role: "user", content: [{ type: "text", text: "q" }] }]), "ai.response.text": "a", ...extra } });
    const [fromMetadata] = rowsFromOtel(exportOf([model(1, { "ai.telemetry.metadata.sessionId": "s1", "ai.telemetry.metadata.reward": 1 })]));
    expect(fromMetadata).toMatchObject({ conversation_id: "s1", reward: 1 });
    // Python's keys win: its conversation id on the same span, its reward from a later span.
    const [python] = rowsFromOtel(
      exportOf([model(1, { "ai.telemetry.metadata.sessionId": "s1", "gen_ai.conversation.id": "c9", "ai.telemetry.metadata.reward": 1 }), model(2, { "whileai.reward": 0 })]),
    );
    expect(python).toMatchObject({ conversation_id: "c9", reward: 0 });
  });
});
