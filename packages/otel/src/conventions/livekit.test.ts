import { describe, expect, it } from "vitest";
import { decodeAttributes } from "../attributes.js";
import { kv } from "../testing/otlp.js";
import { liveKitMessages, liveKitToolStep } from "./livekit.js";

const attrs = (a: Record<string, unknown>) => decodeAttributes(kv(a));

describe("LiveKit spans", () => {
  it("is no tool step for the eval judge, which reuses the function tool keys", () => {
    expect(liveKitToolStep({ name: "judge_evaluation" }, attrs({ "lk.function_tool.name": "judge_evaluation", "lk.pii.function_tool.arguments": "{}" }))).toBeNull();
  });

  it("wraps a failed function tool's output as a failing tool span's result", () => {
    const step = liveKitToolStep({ name: "function_tool" }, attrs({ "lk.function_tool.id": "c1", "lk.function_tool.name": "f", "lk.pii.function_tool.arguments": '{"a": 1}', "lk.pii.function_tool.output": "boom", "lk.function_tool.is_error": true }));
    expect(step).toEqual({ tool: "f", arguments: { a: 1 }, result: { status: "error", output: "boom" } });
  });

  it("reads the chat context: messages, function calls as history calls, outputs as answers", () => {
    const ctx = { items: [{ type: "message", role: "user", content: ["Hi", "there"] }, { type: "function_call", call_id: "c1", name: "f", arguments: "{}" }, { type: "function_call_output", call_id: "c1", output: "bad", is_error: true }, { type: "agent_handoff", new_agent_id: "b" }] };
    const read = liveKitMessages(attrs({ "lk.pii.chat_ctx": JSON.stringify(ctx) }), "user");
    expect({ ...read, responses: read?.responses.map(({ id, response }) => ({ id, response })) }).toEqual({
      texts: ["Hi there"],
      calls: [],
      responses: [{ id: "c1", response: { status: "error", output: "bad" } }],
      historyCalls: [{ id: "c1", name: "f", arguments: {}, turn: 1 }],
    });
  });

  it("is null for a span without LiveKit's keys, and reads the response's function calls", () => {
    expect(liveKitMessages(attrs({ "lk.generation_id": "g" }), "assistant")).toBeNull();
    const read = liveKitMessages(attrs({ "lk.response.text": "", "lk.response.function_calls": '[{"call_id": "c2", "name": "g", "arguments": "{\\"x\\": 2}"}]' }), "assistant");
    expect(read?.calls).toEqual([{ id: "c2", name: "g", arguments: { x: 2 } }]);
  });
});
