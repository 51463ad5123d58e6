import { describe, expect, it } from "vitest";
import { decodeAttributes } from "../attributes.js";
import { rowsFromOtel } from "../rows-from-otel.js";
import { kv, span } from "../testing/otlp.js";
import { plainIoToolStep } from "./plain-io-tool.js";

const attrs = (a: Record<string, unknown>) => decodeAttributes(kv(a));

describe("plainIoToolStep", () => {
  it("is no tool step for a span with input but nothing saying it is a tool", () => {
    expect(plainIoToolStep({ name: "chat gpt-4o" }, attrs({ input: "hello", output: "hi" }))).toBeNull();
    expect(plainIoToolStep({ name: "execute_tool f" }, attrs({ output: "x" }))).toBeNull();
  });

  it("reads input / output as the call when the span is an execute_tool span or names its tool", () => {
    expect(plainIoToolStep({ name: "execute_tool search" }, attrs({ input: '{"q": "x"}', output: '["a"]' }))).toEqual({ tool: "execute_tool search", arguments: { q: "x" }, result: ["a"] });
    expect(plainIoToolStep({ name: "tool" }, attrs({ "tool.name": "search", input: "x", "gen_ai.tool.status": "error" }))).toEqual({ tool: "search", arguments: "x", result: { status: "error", output: null } });
  });

  it("makes the span a step that absorbs the model's call of that tool", () => {
    const rows = rowsFromOtel([
      span({ start: 1, attributes: { "gen_ai.input.messages": '[{"role": "user", "content": "find x"}]', "gen_ai.output.messages": '[{"role": "assistant", "parts": [{"type": "tool_call", "name": "search", "arguments": {"q": "x"}}]}]' } }),
      span({ start: 2, name: "execute_tool search", attributes: { "gen_ai.operation.name": "execute_tool", input: '{"q": "x"}', output: "found" } }),
    ]);
    expect(rows[0].steps).toEqual([{ tool: "execute_tool search", arguments: { q: "x" }, result: "found" }]);
  });
});
