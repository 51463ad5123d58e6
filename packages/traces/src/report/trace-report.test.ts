import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onDeprecation } from "./deprecation.js";
import { formatTraceReport } from "./format-trace-report.js";
import { traceReport } from "./trace-report.js";
import { pyLower } from "@whileai/hash-embed/internal";
import { inferHarness, type InferredTool } from "../harness.js";
import { TRACES } from "../testing/reference-traces.js";

let restore: ReturnType<typeof onDeprecation>;
beforeAll(() => {
  restore = onDeprecation(() => {});
});
afterAll(() => {
  onDeprecation(restore);
});

function tool(name: string) {
  const parameters = { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] };
  return { type: "function", function: { name, description: `${name} tool`, parameters } };
}
const TOOLS = [tool("lookup_order"), tool("create_refund"), tool("get_refund_status")];

describe("traceReport", () => {
  it("reports the §6.1 fixture with the census keys in Python's order", () => {
    const report = traceReport(TRACES);
    expect(report).toEqual({
      traces: 5,
      dropped: 0,
      unique_prompts: 5,
      tools_observed: { lookup_order: { n: 3, fault_n: 2 }, create_refund: { n: 2, fault_n: 1 } },
      faults_observed: { not_found: 2, timeout: 1 },
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
    });
    expect(Object.keys(report)).toEqual([
      "traces", "dropped", "unique_prompts", "tools_observed", "faults_observed", "world_states_observed", "distinct_behaviors",
      "graded", "passes", "fails", "ungraded", "non_binary_labels", "advisory_labels", "unread_numeric_columns", "warnings",
    ]);
  });

  it("with the agent's tools, adds the emphasis the traces earn (traces.md §11 example)", () => {
    const report = traceReport(TRACES, { tools: TOOLS, policy: "" });
    expect(report.emphasis).toEqual({ tool_condition: ["timeout"], world_state: ["entity missing"] });
    expect(report).not.toHaveProperty("foreign_tools");
  });

  it("takes the tools inferHarness drafts, an interface type, as they are (the README's TypeScript example)", () => {
    const { tools } = inferHarness(TRACES);
    const drafted: readonly InferredTool[] = tools; // typed: no cast between inferHarness and traceReport
    const report = traceReport(TRACES, { tools: drafted });
    expect(report.emphasis).toBeDefined();
    expect(report).toEqual(traceReport(TRACES, { tools: JSON.parse(JSON.stringify(tools)) as object[] }));
  });

  it("reproduces the README example: an error result aims at timeout", () => {
    const rows = [{ prompt: "where is my order", steps: [{ tool: "get_order", result: { error: "timeout" } }], reward: 0 }];
    const report = traceReport(rows, { tools: [tool("get_order")] });
    expect(report).toMatchObject({
      faults_observed: { error: 1 },
      tools_observed: { get_order: { n: 1, fault_n: 1 } },
      distinct_behaviors: 1,
      graded: 1,
      passes: 0,
      fails: 1,
      emphasis: { tool_condition: ["timeout"] },
    });
  });

  it("adds no emphasis or foreign_tools without tools or with an empty list", () => {
    for (const tools of [undefined, null, []]) {
      const report = traceReport(TRACES, { tools });
      expect(report).not.toHaveProperty("emphasis");
      expect(report).not.toHaveProperty("foreign_tools");
    }
  });

  it("lists observed tools the agent lacks, in first-seen order even for integer-like names", () => {
    const rows = [
      { prompt: "a", steps: [{ tool: "ship_it", result: { status: "ok" } }, { tool: "lookup_order", result: { status: "ok" } }] },
      { prompt: "b", steps: [{ tool: "2", result: "done" }, { tool: 1, result: "done" }] },
    ];
    const report = traceReport(rows, { tools: [tool("lookup_order"), { name: "bare_schema" }, { function: "not a dict" }] });
    expect(report.foreign_tools).toEqual(["ship_it", "2", "1"]);
  });

  it("counts dropped rows: non-dicts and rows with neither prompt nor steps", () => {
    const report = traceReport(["not a dict", 4, null, {}, { prompt: "real ask" }]);
    expect(report).toMatchObject({ traces: 1, dropped: 4 });
  });

  it("takes a dict as list(traces) does: its keys, each one dropped", () => {
    expect(traceReport({ a: 1, b: { prompt: "x" } } as never)).toMatchObject({ traces: 0, dropped: 2 });
  });

  it("counts prompts case- and whitespace-insensitively, with Python's whitespace", () => {
    const rows = ["where is order 4412", "Where is  ORDER 4412", " where\u3000is\x1corder 4412\x85", "WHERE IS ORDER 4412\ufeff"].map((prompt) => ({ prompt }));
    expect(traceReport(rows).unique_prompts).toBe(2);
    expect(traceReport([{ prompt: "", steps: [{ tool: "a" }] }, { steps: [{ tool: "b" }] }, { prompt: 12 }, { prompt: "12" }]).unique_prompts).toBe(2);
  });

  it("counts prompts as Python's split and join would, for any text (fast-check prints a failing seed)", () => {
    // `" ".join(s.lower().split())` spelled out: Python's whitespace, runs of it dropped at the edges.
    const SPACE = /[\t-\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
    const reference = (prompt: string) => pyLower(prompt).split(SPACE).filter((piece) => piece !== "").join(" ");
    const piece = fc.oneof(fc.constantFrom(" ", "  ", "\t", "\n", "\x1c", "\x85", "\xa0", "\u2000", "\u3000", "\ufeff", "A", "b", "\u0130", "\u00c9", "\u1e9e", "\u{10400}"), fc.string({ maxLength: 3 }));
    const prompt = fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join(""));
    fc.assert(
      fc.property(fc.array(prompt, { maxLength: 8 }), (prompts) => {
        const rows = prompts.map((text) => ({ prompt: text, steps: [{ tool: "t" }] }));
        expect(traceReport(rows).unique_prompts).toBe(new Set(prompts.map(reference)).size);
      }),
      { numRuns: 1000 },
    );
  });

  it("runs the census on the raw rows: a legacy-only label is advisory, not ungraded", () => {
    const report = traceReport([{ prompt: "q", qwen_reward: 0 }]);
    expect(report).toMatchObject({ ungraded: 0, advisory_labels: 1, graded: 0 });
  });

  it("reads a named column and a threshold for both loading and the census", () => {
    const rows = [{ prompt: "a", score: 0.9 }, { prompt: "b", score: 0.2 }, { prompt: "c", score: 0.5 }];
    expect(traceReport(rows, { rewardKey: "score", threshold: 0.5 })).toMatchObject({ graded: 3, passes: 2, fails: 1, ungraded: 0 });
    expect(traceReport(rows, { rewardKey: "score" })).toMatchObject({ graded: 0, non_binary_labels: 3 });
  });

  it("copies the fault and world-state counters", () => {
    const rows = [{ prompt: "a", world_state: "entity missing", steps: [{ tool: "t", result: { status: "timeout" } }] }];
    const first = traceReport(rows);
    first.faults_observed.timeout = 99;
    expect(traceReport(rows).faults_observed).toEqual({ timeout: 1 });
    expect(first.world_states_observed).toEqual({ "entity missing": 1 });
  });

  it("rejects a path string, a bad tool and an unknown option", () => {
    expect(() => traceReport("traces.jsonl" as unknown as unknown[])).toThrow(TypeError);
    expect(() => traceReport(TRACES, { tools: ["lookup_order"] as never })).toThrow(
      "traceReport: option tools: expected an array of OpenAI function schemas (plain objects), got string at index 0",
    );
    expect(() => traceReport(TRACES, { reward_key: "score" } as never)).toThrow(/unknown option "reward_key"/);
  });

  it("accepts any iterable of rows", () => {
    function* rows() {
      yield* TRACES;
    }
    expect(traceReport(rows()).traces).toBe(5);
  });
});

const LIKELY_KEYS = [
  "prompt", "question", "steps", "tool_trace", "tool", "result", "arguments", "reward", "qwen_reward", "score", "messages",
  "role", "content", "tool_calls", "final_text", "status", "error", "faults", "world_state", "scores", "ts", "model_version",
];
const likelyRow = fc.dictionary(fc.constantFrom(...LIKELY_KEYS), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 });
const likelyStep = fc.dictionary(fc.constantFrom("tool", "result", "arguments", "status", "error", "name"), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
const rowWithSteps = fc.record({ prompt: fc.jsonValue({ maxDepth: 1 }), steps: fc.array(fc.oneof(likelyStep, fc.jsonValue({ maxDepth: 1 })), { maxLength: 4 }) }, { requiredKeys: [] });

describe("traceReport on arbitrary JSON", () => {
  it("never throws on arrays of JSON values, and its report always formats", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), (rows) => {
        const report = traceReport(rows);
        expect(report.traces + report.dropped).toBe(rows.length);
        expect(typeof formatTraceReport(report as unknown as Record<string, unknown>)).toBe("string");
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on rows holding the keys it reads, with or without tools", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(likelyRow, rowWithSteps), { maxLength: 10 }), fc.boolean(), (rows, withTools) => {
        const report = traceReport(rows, withTools ? { tools: TOOLS } : {});
        expect(report.traces + report.dropped).toBe(rows.length);
        expect(report.graded + report.ungraded + report.non_binary_labels + report.advisory_labels).toBeLessThanOrEqual(rows.length);
        formatTraceReport(report as unknown as Record<string, unknown>);
      }),
      { numRuns: 400 },
    );
  });
});
