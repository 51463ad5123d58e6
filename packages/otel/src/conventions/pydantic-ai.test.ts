import { describe, expect, it } from "vitest";
import { decodeAttributes } from "../attributes.js";
import { kv } from "../testing/otlp.js";
import { pydanticAiMessages, pydanticAiToolStep } from "./pydantic-ai.js";

const attrs = (a: Record<string, unknown>) => decodeAttributes(kv(a));

describe("pydanticAiMessages", () => {
  it("is null for a span without Pydantic AI's message keys", () => {
    expect(pydanticAiMessages(attrs({ events: "[1, 2]", final_result: "x" }), "user")).toBeNull();
  });

  it("reads a run's output as final_result, else the history's last assistant text, and outputs no calls", () => {
    const all = JSON.stringify([
      { role: "user", parts: [{ type: "text", content: "q" }] },
      { role: "assistant", parts: [{ type: "tool_call", id: "c1", name: "final_result", arguments: { a: 1 } }] },
    ]);
    expect(pydanticAiMessages(attrs({ "pydantic_ai.all_messages": all, final_result: '{"a": 1}' }), "assistant")).toEqual({ texts: ['{"a": 1}'], calls: [], responses: [], historyCalls: [] });
    const input = pydanticAiMessages(attrs({ "pydantic_ai.all_messages": all }), "user");
    expect(input?.historyCalls).toEqual([{ id: "c1", name: "final_result", arguments: { a: 1 }, turn: 1 }]);
  });

  it("splits a v1 model span's events: the choice is the output, the rest the input", () => {
    const events = JSON.stringify([
      { content: "q", role: "user", "event.name": "gen_ai.user.message" },
      { role: "assistant", content: "old", "event.name": "gen_ai.assistant.message" },
      { index: 0, message: { role: "assistant", content: "new" }, "event.name": "gen_ai.choice" },
    ]);
    expect(pydanticAiMessages(attrs({ events }), "user")?.texts).toEqual(["q"]);
    expect(pydanticAiMessages(attrs({ events }), "assistant")?.texts).toEqual(["new"]);
  });
});

describe("pydanticAiToolStep", () => {
  it("needs both tool_arguments and a tool name", () => {
    expect(pydanticAiToolStep({}, attrs({ tool_arguments: "{}" }))).toBeNull();
  });

  it("wraps the response of a span whose status is ERROR (a ToolRetryError)", () => {
    const span = { status: { code: 2 }, events: [{ name: "exception", attributes: kv({ "exception.message": "retry" }) }] };
    const step = pydanticAiToolStep(span, attrs({ "gen_ai.tool.name": "f", tool_arguments: '{"x": 1}', tool_response: "Fix the errors" }));
    expect(step).toEqual({ tool: "f", arguments: { x: 1 }, result: { status: "error", output: "Fix the errors", error: "retry" } });
  });
});
