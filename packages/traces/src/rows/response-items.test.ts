import { describe, expect, it } from "vitest";
import { loadTraces } from "./load.js";
import { isResponseItems, stepsFromResponseItems } from "./response-items.js";

describe("Responses items in rows (whileai-ts only)", () => {
  it("reads a row whose input and output are Responses items, in place of their repr", () => {
    const row = {
      input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "Where is order 7?" }] }],
      output: [
        { type: "function_call", call_id: "c1", name: "lookup", arguments: '{"id": 7}' },
        { type: "function_call_output", call_id: "c1", output: '{"status": "lost"}' },
        { type: "message", role: "assistant", content: [{ type: "output_text", text: "Order 7 is lost." }] },
      ],
    };
    expect(loadTraces([row])).toEqual([
      {
        ...row,
        steps: [{ user: "Where is order 7?" }, { tool: "lookup", arguments: { id: 7 }, result: { status: "lost" } }, { text: "Order 7 is lost." }],
        prompt: "Where is order 7?",
        final_text: "Order 7 is lost.",
      },
    ]);
  });

  it("reads the Agents SDK spelling and a plain-text input next to output items", () => {
    const row = {
      input: "Hi",
      output: [
        { type: "function_call", callId: "c9", name: "greet", arguments: "{}" },
        { type: "function_call_result", callId: "c9", name: "greet", status: "completed", output: { type: "text", text: "hello" } },
      ],
    };
    expect(loadTraces([row])[0]).toMatchObject({ steps: [{ user: "Hi" }, { tool: "greet", arguments: {}, result: "hello" }], prompt: "Hi", final_text: "" });
  });

  it("leaves every list that is not recognisably items as the Python SDK reads it", () => {
    expect(loadTraces([{ input: ["hello", "world"], output: { text: "hi there" } }])).toEqual([
      { input: ["hello", "world"], output: { text: "hi there" }, steps: [], prompt: "['hello', 'world']", final_text: "{'text': 'hi there'}" },
    ]);
    // Plain chat messages are chat messages, not items: repr as in Python.
    expect(loadTraces([{ input: [{ role: "user", content: "hi" }] }])[0]).toMatchObject({ steps: [], prompt: "[{'role': 'user', 'content': 'hi'}]" });
    // `messages` wins, as every Python reading of a row does.
    const both = loadTraces([{ messages: [{ role: "user", content: "from messages" }], input: [{ type: "message", role: "user", content: "from input" }] }])[0];
    expect(both.steps).toEqual([{ user: "from messages" }]);
    expect(both.prompt).toBe("from messages");
    expect(isResponseItems([{ type: "message", role: "user", content: "x" }, "junk"])).toBe(false);
    expect(isResponseItems([{ type: "not_an_item" }])).toBe(false);
    expect(isResponseItems([])).toBe(false);
  });

  it("binds outputs by call id, leaves reasoning and system text out, and marks MCP errors", () => {
    const problems: unknown[] = [];
    const steps = stepsFromResponseItems(
      [
        { type: "message", role: "system", content: "be brief" },
        { type: "reasoning", id: "rs", summary: [] },
        { type: "function_call", call_id: "a", name: "f", arguments: '{"n": 1}' },
        { type: "function_call", call_id: "b", name: "f", arguments: '{"n": 2}' },
        { type: "function_call_output", call_id: "b", output: [{ type: "input_text", text: "two" }] },
        { type: "function_call_output", call_id: "a", output: "one" },
        { type: "mcp_call", id: "m1", name: "search", arguments: '{"q": "x"}', server_label: "docs", output: null, error: "timeout" },
        { type: "web_search_call", id: "ws", status: "completed" },
      ],
      (p) => problems.push(p),
    );
    expect(steps).toEqual([
      { tool: "f", arguments: { n: 1 }, result: "one" },
      { tool: "f", arguments: { n: 2 }, result: "two" },
      { tool: "search", arguments: { q: "x" }, result: { error: "timeout", status: "error" } },
    ]);
    expect(problems).toEqual([{ index: 7, kind: "dropped", reason: "item type not read (web_search_call)" }]);
  });
});
