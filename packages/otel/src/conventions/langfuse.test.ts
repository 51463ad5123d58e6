import { describe, expect, it } from "vitest";
import { decodeAttributes } from "../attributes.js";
import { langfuseMessages, langfuseToolStep, langfuseUsage } from "./langfuse.js";

describe("Langfuse observations", () => {
  it("reads a generation's chat input and its single output message with tool calls", () => {
    const attrs = decodeAttributes({
      "langfuse.observation.type": "generation",
      "langfuse.observation.input": JSON.stringify([{ role: "system", content: "Be brief." }, { role: "user", content: "Hi" }]),
      "langfuse.observation.output": JSON.stringify({ role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: '{"a":1}' } }] }),
    });
    expect(langfuseMessages(attrs, "user")?.texts).toEqual(["Hi"]);
    expect(langfuseMessages(attrs, "assistant")?.calls).toEqual([{ id: "c1", name: "f", arguments: { a: 1 } }]);
  });

  it("reads plain-text agent input and output, and says nothing for a span without Langfuse keys", () => {
    const agent = decodeAttributes({ "langfuse.observation.type": "agent", "langfuse.observation.input": "Hi", "langfuse.observation.output": "Hello" });
    expect(langfuseMessages(agent, "user")?.texts).toEqual(["Hi"]);
    expect(langfuseMessages(agent, "assistant")?.texts).toEqual(["Hello"]);
    expect(langfuseMessages(decodeAttributes({ "input.value": "x" }), "user")).toBeNull();
  });

  it("reads trace-level input/output where the observation has none", () => {
    const attrs = decodeAttributes({ "langfuse.trace.input": "Q", "langfuse.trace.output": "A" });
    expect(langfuseMessages(attrs, "user")?.texts).toEqual(["Q"]);
    expect(langfuseMessages(attrs, "assistant")?.texts).toEqual(["A"]);
  });

  it("makes a tool step, wrapped as failed at level ERROR", () => {
    const span = { name: "lookup", status: { code: 2 } };
    const ok = decodeAttributes({ "langfuse.observation.type": "tool", "langfuse.observation.input": '{"id":7}', "langfuse.observation.output": '{"found":true}' });
    expect(langfuseToolStep(span, ok)).toEqual({ tool: "lookup", arguments: { id: 7 }, result: { found: true } });
    const bad = decodeAttributes({ "langfuse.observation.type": "tool", "langfuse.observation.input": '{"id":7}', "langfuse.observation.level": "ERROR" });
    expect(langfuseToolStep(span, bad)).toEqual({ tool: "lookup", arguments: { id: 7 }, result: { status: "error", output: null } });
    expect(langfuseToolStep(span, decodeAttributes({ "langfuse.observation.type": "generation" }))).toBeNull();
  });

  it("reads usage_details in Langfuse's and OpenAI's spellings, never raising", () => {
    expect(langfuseUsage(decodeAttributes({ "langfuse.observation.usage_details": '{"input":61,"output":16,"total":77}' }))).toEqual({ input: 61, output: 16 });
    expect(langfuseUsage(decodeAttributes({ "langfuse.observation.usage_details": '{"prompt_tokens":5,"completion_tokens":2}' }))).toEqual({ input: 5, output: 2 });
    expect(langfuseUsage(decodeAttributes({ "langfuse.observation.usage_details": '{"input":Infinity}' }))).toBeNull();
    expect(langfuseUsage(decodeAttributes({}))).toBeNull();
  });
});
