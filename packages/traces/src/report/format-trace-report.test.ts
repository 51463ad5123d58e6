import { describe, expect, it } from "vitest";
import { formatTraceReport } from "./format-trace-report.js";

const GRID_LINE = "grid emphasis: computed against the agent's tools at simulate time (pass tools= to preview it here)";

// The §6.1 fixture's report with its tools (traces.md §12).
function fixtureReport(): Record<string, unknown> {
  return {
    traces: 5,
    dropped: 0,
    unique_prompts: 5,
    tools_observed: { lookup_order: { n: 3, fault_n: 2 }, create_refund: { n: 2, fault_n: 1 } },
    faults_observed: { timeout: 1, not_found: 2 },
    world_states_observed: {},
    distinct_behaviors: 4,
    graded: 5,
    passes: 3,
    fails: 2,
    ungraded: 0,
    non_binary_labels: 0,
    advisory_labels: 0,
    unread_numeric_columns: {},
    warnings: [],
    emphasis: { tool_condition: ["timeout"], world_state: ["entity missing"] },
  };
}

describe("formatTraceReport", () => {
  it("renders the §12 example exactly, names sorted, no trailing newline", () => {
    expect(formatTraceReport(fixtureReport())).toBe(
      [
        "traces:             5",
        "unique prompts:     5",
        "distinct behaviors: 4",
        "graded:             5 (pass 3 / fail 2), ungraded 0",
        "tools observed:     create_refund x2 (1 calls faulted), lookup_order x3 (2 calls faulted)",
        "faults observed:    not_found x2, timeout x1",
        "extra generation weight goes to: faults timeout; world states entity missing",
      ].join("\n"),
    );
  });

  it("puts dropped, foreign and warning lines between the faults line and the last line", () => {
    const report = {
      ...fixtureReport(),
      dropped: 2,
      foreign_tools: ["ship_it", "b", "c", "d", "e", "f", "g"],
      warnings: ["first sentence.", "second sentence."],
      emphasis: {},
    };
    const lines = formatTraceReport(report).split("\n");
    expect(lines.slice(6)).toEqual([
      "dropped rows:       2 (no usable signal after normalization)",
      "warning: observed tools not in this agent's toolset: ship_it, b, c, d, e",
      "warning: first sentence.",
      "warning: second sentence.",
      GRID_LINE,
    ]);
  });

  it("adds the non-binary and advisory counts only when they are truthy", () => {
    const report = { ...fixtureReport(), graded: 1, passes: 1, fails: 0, ungraded: 2, non_binary_labels: 3, advisory_labels: 1 };
    expect(formatTraceReport(report).split("\n")[3]).toBe(
      "graded:             1 (pass 1 / fail 0), ungraded 2, labelled but not 0/1 3, advisory judge labels 1 (these steer aiming)",
    );
  });

  it("says none for empty tool and fault tallies, and leaves out a zero fault count", () => {
    const report = { ...fixtureReport(), tools_observed: { run_command: { n: 1, fault_n: 0 }, read_file: { n: 2 } }, faults_observed: {} };
    const lines = formatTraceReport(report).split("\n");
    expect(lines[4]).toBe("tools observed:     read_file x2, run_command x1");
    expect(lines[5]).toBe("faults observed:    none");
    expect(formatTraceReport({ ...report, tools_observed: {} }).split("\n")[4]).toBe("tools observed:     none");
  });

  it("sorts names by code point, not UTF-16 unit", () => {
    const report = { ...fixtureReport(), faults_observed: { "😀": 1, "\uff61": 1, Z: 1, a: 1 } };
    expect(formatTraceReport(report).split("\n")[5]).toBe("faults observed:    Z x1, a x1, \uff61 x1, 😀 x1");
  });

  it("caps each emphasis axis at five with '+N more', labels the known axes and keeps other axis keys", () => {
    const report = {
      ...fixtureReport(),
      emphasis: { tool: ["a", "b", "c", "d", "e", "f", "g"], tool_condition: ["timeout", "timeout"], stance: ["hurried"] },
    };
    expect(formatTraceReport(report).split("\n").at(-1)).toBe(
      "extra generation weight goes to: tools a, b, c, d, e (+2 more); faults timeout, timeout; stance hurried",
    );
  });

  it("prints the grid line when emphasis is missing or empty", () => {
    const { emphasis: _, ...without } = fixtureReport();
    expect(formatTraceReport(without).split("\n").at(-1)).toBe(GRID_LINE);
    expect(formatTraceReport({ ...fixtureReport(), emphasis: {} }).split("\n").at(-1)).toBe(GRID_LINE);
  });

  it("renders values with Python str()", () => {
    const report = { ...fixtureReport(), traces: 2.5, dropped: true, warnings: [null] };
    const text = formatTraceReport(report);
    expect(text.split("\n")[0]).toBe("traces:             2.5");
    expect(text).toContain("dropped rows:       True (no usable signal after normalization)");
    expect(text).toContain("warning: None");
  });

  it("throws a KeyError naming each required key, where Python does", () => {
    for (const key of ["traces", "unique_prompts", "distinct_behaviors", "graded", "passes", "fails", "ungraded", "tools_observed", "faults_observed"]) {
      const report = fixtureReport();
      delete report[key];
      const message = `formatTraceReport: report.${key} is missing (pass the object traceReport returns)`;
      expect(() => formatTraceReport(report)).toThrow(expect.objectContaining({ name: "KeyError", message }));
    }
    const noN = { ...fixtureReport(), tools_observed: { lookup_order: { fault_n: 1 } } };
    const message = 'formatTraceReport: report.tools_observed["lookup_order"].n is missing (pass the object traceReport returns)';
    expect(() => formatTraceReport(noN)).toThrow(expect.objectContaining({ name: "KeyError", message }));
  });

  it("throws a TypeError naming what is not an object", () => {
    expect(() => formatTraceReport(null as never)).toThrow(new TypeError("formatTraceReport takes the object traceReport returns, got null"));
    expect(() => formatTraceReport({ ...fixtureReport(), faults_observed: [] })).toThrow(new TypeError("formatTraceReport: report.faults_observed must be an object, got array"));
    const badSlot = { ...fixtureReport(), tools_observed: { lookup_order: 3 } };
    expect(() => formatTraceReport(badSlot)).toThrow(new TypeError('formatTraceReport: report.tools_observed["lookup_order"] must be an object, got number'));
  });

  it("does not need the optional keys", () => {
    const minimal = {
      traces: 0, unique_prompts: 0, distinct_behaviors: 0, graded: 0, passes: 0, fails: 0, ungraded: 0, tools_observed: {}, faults_observed: {},
    };
    expect(formatTraceReport(minimal)).toBe(
      [
        "traces:             0",
        "unique prompts:     0",
        "distinct behaviors: 0",
        "graded:             0 (pass 0 / fail 0), ungraded 0",
        "tools observed:     none",
        "faults observed:    none",
        GRID_LINE,
      ].join("\n"),
    );
  });
});
