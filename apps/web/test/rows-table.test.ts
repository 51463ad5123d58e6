// The table of every row, in Node: which columns the rows give, how a filter, a search and a sort
// pick rows, and each column's summary.
import { loadTraces } from "@whileai/traces/node";
import { describe, expect, test } from "vitest";
import { summarizeColumn } from "../src/analysis/column-summary.js";
import { rowTable } from "../src/analysis/columns.js";
import { EMPTY_QUERY, parseFilter, queryRows } from "../src/analysis/row-query.js";

const rows = loadTraces([
  { prompt: "Where is order 12?", steps: [{ tool: "lookup_order", arguments: { id: "12" }, result: { status: "ok" } }], final_text: "Shipped.", reward: 1, task_id: "t1", latency_ms: 120 },
  { prompt: "Cancel order 9", steps: [{ tool: "cancel_order", arguments: { id: "9" }, result: { status: "error", error: "timeout" } }], final_text: "Sorry.", reward: 0, task_id: "t2", latency_ms: 300, region: "eu" },
  { prompt: "Refund order 3", steps: [{ tool: "lookup_order", arguments: { id: "3" }, result: { status: "ok" } }, { tool: "refund", arguments: { id: "3" }, result: { status: "ok" } }], final_text: "Refunded.", task_id: "t1", region: { name: "us" } },
]);
const table = rowTable(rows);
const column = (key: string) => table.columns.findIndex((c) => c.key === key);
const cells = (key: string) => table.cells[column(key)];

describe("rowTable", () => {
  test("derived columns, then every other column of the rows in the order first met", () => {
    expect(table.columns.map((c) => c.key)).toEqual(["#", "task", "prompt", "reward", "fault", "tools", "tool_calls", "faulted_calls", "steps", "model", "input_tokens", "output_tokens", "final_text", "task_id", "latency_ms", "region"]);
    expect(cells("#")).toEqual([1, 2, 3]);
    expect(cells("reward")).toEqual([1, 0, null]);
    expect(cells("tools")).toEqual(["lookup_order", "cancel_order", "lookup_order, refund"]);
    expect(cells("tool_calls")).toEqual([1, 1, 2]);
    expect(cells("faulted_calls")).toEqual([0, 1, 0]);
    expect(cells("fault")[0]).toBeNull();
    expect(cells("fault")[1]).not.toBeNull();
  });

  test("a column of numbers sorts as numbers; one with anything else is text, objects as JSON", () => {
    expect(table.columns[column("latency_ms")].kind).toBe("number");
    expect(cells("latency_ms")).toEqual([120, 300, null]);
    expect(table.columns[column("region")].kind).toBe("text");
    expect(cells("region")).toEqual([null, "eu", '{"name":"us"}']);
  });
});

describe("queryRows", () => {
  test("filters: number comparisons and ranges, text parts, exact, excluded, and no value", () => {
    const q = (filters: Record<string, string>) => queryRows(table, { ...EMPTY_QUERY, filters });
    expect(q({ latency_ms: ">150" })).toEqual([1]);
    expect(q({ latency_ms: "100..300" })).toEqual([0, 1]);
    expect(q({ latency_ms: "=" })).toEqual([2]);
    expect(q({ reward: "1" })).toEqual([0]);
    expect(q({ tools: "LOOKUP" })).toEqual([0, 2]);
    expect(q({ tools: "=lookup_order" })).toEqual([0]);
    expect(q({ tools: "!refund" })).toEqual([0, 1]);
    expect(q({ tools: "lookup", reward: "=" })).toEqual([2]);
  });

  test("a number filter that does not read names the column and the text", () => {
    expect(() => parseFilter(table.columns[column("latency_ms")], ">fast")).toThrow('latency_ms: ">fast" is not a number filter');
  });

  test("search looks in prompts, steps (tool names, arguments, results) and final texts; every word must appear", () => {
    const s = (search: string) => queryRows(table, { ...EMPTY_QUERY, search });
    expect(s("refunded")).toEqual([2]);
    expect(s("timeout")).toEqual([1]);
    expect(s("order lookup_order")).toEqual([0, 2]);
  });

  test("sort by a column both ways, rows with no value last, ties in file order", () => {
    expect(queryRows(table, { ...EMPTY_QUERY, sort: { key: "reward", direction: "asc" } })).toEqual([1, 0, 2]);
    expect(queryRows(table, { ...EMPTY_QUERY, sort: { key: "reward", direction: "desc" } })).toEqual([0, 1, 2]);
    expect(queryRows(table, { ...EMPTY_QUERY, sort: { key: "task", direction: "asc" } })).toEqual([0, 2, 1]);
  });
});

describe("summarizeColumn", () => {
  test("numbers: spread over the kept rows; texts: distinct values, commonest first; nothing: empty", () => {
    expect(summarizeColumn(table.columns[column("tool_calls")], cells("tool_calls"), [0, 1, 2])).toEqual({ kind: "number", present: 3, missing: 0, min: 1, max: 2, mean: 4 / 3, median: 1 });
    expect(summarizeColumn(table.columns[column("latency_ms")], cells("latency_ms"), [0, 1, 2])).toMatchObject({ present: 2, missing: 1, median: 210 });
    expect(summarizeColumn(table.columns[column("task")], cells("task"), [0, 1, 2])).toEqual({ kind: "text", present: 3, missing: 0, distinct: 2, top: [["t1", 2], ["t2", 1]] });
    expect(summarizeColumn(table.columns[column("model")], cells("model"), [0, 1, 2])).toEqual({ kind: "empty", present: 0, missing: 3 });
  });
});
