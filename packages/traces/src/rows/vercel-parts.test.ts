import { describe, expect, it } from "vitest";
import { RowLoader } from "./canonical-row.js";
import { loadTracesWithReport } from "./load.js";
import { stepsFromMessages } from "./messages.js";

// The SDK 6 shapes as the SDK returns them are asserted on the real capture in
// otel/src/captures/vercel-ai.test.ts; these are the other spellings and the unreadable parts.
const call = (toolCallId: string, toolName: unknown, extra: Record<string, unknown>) => ({ type: "tool-call", toolCallId, toolName, ...extra });
const result = (toolCallId: string, toolName: string, extra: Record<string, unknown>) => ({ type: "tool-result", toolCallId, toolName, ...extra });
const assistant = (...content: unknown[]) => ({ role: "assistant", content });
const tool = (...content: unknown[]) => ({ role: "tool", content });

describe("Vercel AI SDK tool parts in messages", () => {
  it("binds results to calls by id, and marks error outputs as Anthropic is_error results are", () => {
    const steps = stepsFromMessages([
      { role: "user", content: "go" },
      assistant(call("a", "look", { input: { q: 1 } }), call("b", "look", { input: '{"q": 2}' })),
      tool(result("b", "look", { output: { type: "error-text", value: "timeout" } }), result("a", "look", { output: { type: "text", value: "42" } })),
      assistant(call("c", "pay", { input: {} })),
      tool(result("c", "pay", { output: { type: "error-json", value: { code: 402 } } })),
    ]);
    expect(steps).toEqual([
      { user: "go" },
      { tool: "look", arguments: { q: 1 }, result: 42 },
      { tool: "look", arguments: { q: 2 }, result: { error: "timeout", status: "error" } },
      { tool: "pay", arguments: {}, result: { code: 402, error: '{"code": 402}', status: "error" } },
    ]);
  });

  it("reads SDK 4's args and result / isError, a denied execution, and text content outputs", () => {
    const steps = stepsFromMessages([
      assistant(call("a", "look", { args: { q: 1 } }), call("b", "look", { args: { q: 2 } }), call("c", "rm", { input: { path: "/" } }), call("d", "doc", { input: {} })),
      tool(
        result("a", "look", { result: { hits: 3 } }),
        result("b", "look", { result: "no index", isError: true }),
        result("c", "rm", { output: { type: "execution-denied", reason: "not allowed" } }),
        result("d", "doc", { output: { type: "content", value: [{ type: "text", text: '{"pages": 2}' }] } }),
      ),
    ]);
    expect(steps.map((s) => s.result)).toEqual([{ hits: 3 }, { error: "no index", status: "error" }, { error: "not allowed", status: "error" }, { pages: 2 }]);
  });

  it("reports what it cannot read and makes no empty step of it", () => {
    const reasons: string[] = [];
    const steps = stepsFromMessages(
      [
        assistant(call("a", "", { input: {} }), call("b", "look", { input: "not json" }), { type: "tool-approval-request", approvalId: "x", toolCallId: "b" }),
        tool(result("b", "look", {}), result("b", "look", { output: { type: "future", value: 1 } })),
      ],
      (reason) => reasons.push(reason),
    );
    expect(steps).toEqual([{ tool: "look", arguments: {}, result: { type: "future", value: 1 } }]);
    expect(reasons).toEqual([
      "tool-call part without toolName",
      "tool-call input is not an object",
      "tool part of unknown type",
      "tool-result part without output",
      "tool-result output of unknown type",
    ]);
  });

  it("counts half-read rows in the report and tells the loader's hook while the row loads", () => {
    const rows = [
      { messages: [{ role: "user", content: "a" }, assistant(call("x", "t", { input: {} })), tool(result("x", "t", {}))] },
      { messages: [{ role: "user", content: "b" }] },
      { messages: [tool(result("y", "t", {}))] }, // nothing readable: dropped, not half read
    ];
    expect(loadTracesWithReport(rows)).toMatchObject({ dropped: { not_object: 0, no_signal: 1 }, half_read: 1 });
    const heard: [number, string][] = [];
    let current = -1;
    const loader = new RowLoader(undefined, undefined, (reason) => heard.push([current, reason]));
    rows.forEach((row, i) => {
      current = i;
      loader.load(row);
    });
    expect(heard).toEqual([
      [0, "tool-result part without output"],
      [2, "tool-result part without output"],
    ]);
    expect(loader.halfRead).toBe(1);
  });
});
