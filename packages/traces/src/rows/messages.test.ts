import { describe, expect, it } from "vitest";
import { stepsFromMessages } from "./messages.js";

describe("stepsFromMessages", () => {
  it("reproduces the worked example of traces.md §3.4", () => {
    const messages = [
      { role: "system", content: "sys" },
      { role: "user", content: "Where is order 1?" },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Let me check." },
          { type: "tool_use", id: "tu1", name: "lookup", input: { id: 1 } },
          { type: "tool_use", id: "tu2", name: "lookup", input: { id: 2 } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "tu2", content: '{"status": "ok", "x": 1.0}' },
          { type: "tool_result", tool_use_id: "tu1", content: [{ type: "text", text: "denied" }], is_error: true },
        ],
      },
      { role: "assistant", content: "Order 2 ok", tool_calls: [{ id: "c1", function: { name: "refund", arguments: '{"a": 1}' } }] },
      { role: "tool", tool_call_id: "zzz", content: "42" },
      { role: "tool", name: "nothing", content: "null" },
    ];
    expect(stepsFromMessages(messages)).toEqual([
      { user: "Where is order 1?" },
      { tool: "lookup", arguments: { id: 1 }, result: { error: "denied", status: "error" } },
      { tool: "lookup", arguments: { id: 2 }, result: { status: "ok", x: 1.0 } },
      { text: "Let me check." },
      { tool: "refund", arguments: { a: 1 }, result: 42 },
      { text: "Order 2 ok" },
      { tool: "nothing", arguments: {}, result: null },
    ]);
  });

  it("binds parallel OpenAI calls answered out of order by id", () => {
    const steps = stepsFromMessages([
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "a", type: "function", function: { name: "f", arguments: '{"n": 1}' } },
          { id: "b", type: "function", function: { name: "f", arguments: '{"n": 2}' } },
        ],
      },
      { role: "tool", tool_call_id: "b", content: "second" },
      { role: "tool", tool_call_id: "a", content: "first" },
    ]);
    expect(steps).toEqual([
      { tool: "f", arguments: { n: 1 }, result: "first" },
      { tool: "f", arguments: { n: 2 }, result: "second" },
    ]);
  });

  it("falls back to the tool name, then to the oldest unanswered call", () => {
    const steps = stepsFromMessages([
      { role: "assistant", tool_calls: [{ function: { name: "a" } }, { function: { name: "b" } }, { function: { name: "c" } }] },
      { role: "tool", name: "b", content: "to b" },
      { role: "tool", content: "to a" },
      { role: "tool", name: "zzz", content: "to c" },
      { role: "tool", name: "late", content: "orphan" },
    ]);
    expect(steps).toEqual([
      { tool: "a", arguments: {}, result: "to a" },
      { tool: "b", arguments: {}, result: "to b" },
      { tool: "c", arguments: {}, result: "to c" },
      { tool: "late", arguments: {}, result: "orphan" },
    ]);
  });

  it("consumes an id once, so a second result with that id binds by name or FIFO", () => {
    const steps = stepsFromMessages([
      { role: "assistant", tool_calls: [{ id: "x", function: { name: "f" } }, { id: "y", function: { name: "g" } }] },
      { role: "tool", tool_call_id: "x", content: "1" },
      { role: "tool", tool_call_id: "x", content: "2" },
    ]);
    expect(steps).toEqual([
      { tool: "f", arguments: {}, result: 1 },
      { tool: "g", arguments: {}, result: 2 },
    ]);
  });

  it("reads the flat call form and keeps only dict arguments", () => {
    const steps = stepsFromMessages([
      {
        role: "assistant",
        tool_calls: [
          { id: "1", name: "flat", arguments: { q: "x" } },
          { function: { name: "str", arguments: "not json" } },
          { function: { name: "list", arguments: "[1, 2]" } },
          { function: "not a dict", name: "outer" },
          { function: { name: 7, arguments: '{"n": NaN}' } },
        ],
      },
    ]);
    expect(steps).toEqual([
      { tool: "flat", arguments: { q: "x" } },
      { tool: "str", arguments: {} },
      { tool: "list", arguments: {} },
      { tool: "outer", arguments: {} },
      { tool: "7", arguments: { n: NaN } },
    ]);
  });

  it("orders one assistant message as tool_use, then tool_calls, then its text", () => {
    const steps = stepsFromMessages([
      {
        role: "assistant",
        content: [{ type: "text", text: "a" }, { type: "tool_use", name: "u", input: "not a dict" }, { type: "text", text: "" }, { type: "text", text: "b" }],
        tool_calls: [{ function: { name: "c" } }],
      },
    ]);
    expect(steps).toEqual([{ tool: "u", arguments: {} }, { tool: "c", arguments: {} }, { text: "a\nb" }]);
  });

  it("skips what Python would crash on: non-dict calls and a non-list tool_calls", () => {
    expect(stepsFromMessages([{ role: "assistant", tool_calls: ["x", 5, null, { function: { name: "ok" } }] }])).toEqual([{ tool: "ok", arguments: {} }]);
    expect(stepsFromMessages([{ role: "assistant", tool_calls: "abc", content: "hi" }])).toEqual([{ text: "hi" }]);
    expect(stepsFromMessages([{ role: "assistant", tool_calls: { name: "f" } }])).toEqual([]);
  });

  it("keeps an empty user turn but no turn for a message of tool results only", () => {
    expect(stepsFromMessages([{ role: "user", content: "" }, { role: "user" }])).toEqual([{ user: "" }, { user: "" }]);
    const steps = stepsFromMessages([
      { role: "assistant", content: [{ type: "tool_use", id: "t", name: "f", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "ok" }] },
      { role: "user", content: [{ type: "tool_result", content: "late", name: "g" }, { type: "text", text: "and?" }] },
    ]);
    expect(steps).toEqual([
      { tool: "f", arguments: {}, result: "ok" },
      { tool: "g", arguments: {}, result: "late" },
      { user: "and?" },
    ]);
  });

  it("honours is_error only on Anthropic tool_result blocks", () => {
    const steps = stepsFromMessages([
      { role: "assistant", tool_calls: [{ id: "a", function: { name: "f" } }, { id: "b", function: { name: "g" } }] },
      { role: "tool", tool_call_id: "a", content: "boom", is_error: true },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "b", content: '{"code": 403}', is_error: 1 }] },
    ]);
    expect(steps[0].result).toBe("boom");
    expect(steps[1].result).toEqual({ code: 403, error: '{"code": 403}', status: "error" });
  });

  it("writes an errored result's JSON text as Python does, float literals included", () => {
    const [step] = stepsFromMessages([
      { role: "assistant", content: [{ type: "tool_use", id: "t", name: "f", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: '[{"p":298.0,"big":12345678901234567890}]', is_error: true }] },
    ]);
    expect(step.result).toEqual({ error: '[{"p": 298.0, "big": 12345678901234567890}]', status: "error" });
  });

  it("skips non-dict messages and ignores other roles", () => {
    expect(stepsFromMessages([null, "hi", 3, [], { role: "system", content: "s" }, { role: "developer", content: "d" }, { content: "no role" }])).toEqual([]);
    expect(stepsFromMessages([{ role: "user", content: { a: 1 } }])).toEqual([{ user: "{'a': 1}" }]);
  });

  it("lets a later call with the same id take the binding", () => {
    const steps = stepsFromMessages([
      { role: "assistant", tool_calls: [{ id: "dup", function: { name: "first" } }, { id: "dup", function: { name: "second" } }] },
      { role: "tool", tool_call_id: "dup", content: "r" },
    ]);
    expect(steps).toEqual([{ tool: "first", arguments: {} }, { tool: "second", arguments: {}, result: "r" }]);
  });
});

describe("stepsFromMessages, call ids", () => {
  const chat = (n: number, prefix: string) => [
    { role: "assistant", tool_calls: Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, function: { name: "t", arguments: `{"i": ${i}}` } })) },
    ...Array.from({ length: n }, (_, i) => ({ role: "tool", tool_call_id: `${prefix}${n - 1 - i}`, content: `${n - 1 - i}` })),
  ];

  it("binds every result by id in a long transcript (past the short lists)", () => {
    const steps = stepsFromMessages(chat(50, "c"));
    expect(steps).toHaveLength(50);
    expect(steps).toEqual(Array.from({ length: 50 }, (_, i) => ({ tool: "t", arguments: { i }, result: i })));
  });

  it("reads a transcript from inside a halfRead hook without disturbing the one being read", () => {
    const inner: unknown[] = [];
    const messages = [
      { role: "assistant", tool_calls: [{ id: "a", function: { name: "t", arguments: "{}" } }] },
      { role: "tool", content: [{ type: "tool-mystery" }] },
      { role: "tool", tool_call_id: "a", content: "1" },
    ];
    const steps = stepsFromMessages(messages, () => inner.push(stepsFromMessages(chat(2, "a"))));
    expect(inner).toEqual([[{ tool: "t", arguments: { i: 0 }, result: 0 }, { tool: "t", arguments: { i: 1 }, result: 1 }]]);
    expect(steps).toEqual([{ tool: "t", arguments: {}, result: 1 }]);
  });
});
