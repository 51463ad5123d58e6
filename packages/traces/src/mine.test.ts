import { describe, expect, it } from "vitest";
import { mineCounters, mineTraces } from "./mine.js";
import { TRACES } from "./testing/reference-traces.js";



describe("mineTraces", () => {
  it("mines the reference fixture", () => {
    expect(mineTraces(TRACES)).toEqual({
      n: 5,
      tools: { lookup_order: { n: 3, fault_n: 2 }, create_refund: { n: 2, fault_n: 1 } },
      faults: { not_found: 2, timeout: 1 },
      world_states: {},
      unique_behaviors: 4,
      flaw_rows: [0, 1, 2],
      asks: TRACES.map((row) => row.prompt),
      label_fails: 2,
      label_fail_tools: { lookup_order: 2 },
      flaw_world_states: {},
    });
  });

  it("returns empty tallies for no rows", () => {
    expect(mineTraces([])).toEqual({
      n: 0, tools: {}, faults: {}, world_states: {}, unique_behaviors: 0, flaw_rows: [], asks: [],
      label_fails: 0, label_fail_tools: {}, flaw_world_states: {},
    });
  });

  it("counts non-dict rows in n and in the indices, and nothing else", () => {
    const mined = mineTraces([null, "row", TRACES[0], 5, TRACES[3]]);
    expect(mined.n).toBe(5);
    expect(mined.flaw_rows).toEqual([2]);
    expect(mined.unique_behaviors).toBe(2);
    expect(mined.asks).toEqual(["where is order 4412", "status of order 130"]);
  });

  it("treats the tool's own status vocabulary as clean", () => {
    const rows = ["paid", "open", "completed", "ok", undefined].map((status) => ({
      prompt: "invoice",
      steps: [{ tool: "lookup_invoice", result: status === undefined ? {} : { status } }],
      reward: 1,
    }));
    const mined = mineTraces(rows);
    expect(mined.faults).toEqual({});
    expect(mined.tools).toEqual({ lookup_invoice: { n: 5, fault_n: 0 } });
    expect(mined.flaw_rows).toEqual([]);
  });

  it("names fault chips per row", () => {
    const rows = (status: string) => [1, 2, 3].map(() => ({ steps: [{ tool: "t", result: { status } }] }));
    expect(mineTraces(rows("error")).faults).toEqual({ error: 3 });
    expect(mineTraces(rows("denied")).faults).toEqual({ deny: 3 });
    expect(mineTraces(rows("timeout")).faults).toEqual({ timeout: 3 });
  });

  it("flags a labelled failure with a clean result", () => {
    const mined = mineTraces([{ steps: [{ tool: "pay", result: { status: "paid" } }], reward: 0 }]);
    expect(mined.faults).toEqual({});
    expect(mined.flaw_rows).toEqual([0]);
    expect(mined.label_fails).toBe(1);
  });

  it("counts label-fail tools per call, on labelled failures only", () => {
    const fail = { prompt: "refund", steps: [{ tool: "create_refund", result: { status: "ok" } }], reward: 0 };
    const pass = { prompt: "look", steps: [{ tool: "lookup_order", result: { status: "ok" } }, { tool: "lookup_order", result: { status: "ok" } }], reward: 1 };
    const rows = Array.from({ length: 30 }, () => [fail, pass]).flat();
    const mined = mineTraces(rows);
    expect(mined.label_fails).toBe(30);
    expect(mined.label_fail_tools).toEqual({ create_refund: 30 });
    expect(mined.faults).toEqual({});
    expect(mined.flaw_rows).toHaveLength(30);
    const twice = mineTraces([{ steps: [{ tool: "a" }, { tool: "a" }, { tool: "b" }], reward: 0 }]);
    expect(twice.label_fail_tools).toEqual({ a: 2, b: 1 });
  });

  it("reads the named reward key and threshold", () => {
    const rows = [{ score: 0.2, steps: [{ tool: "t" }] }, { score: 0.9 }, { reward: 0 }];
    expect(mineTraces(rows).label_fails).toBe(1);
    expect(mineTraces(rows, { rewardKey: "score" }).label_fails).toBe(0);
    expect(mineTraces(rows, { rewardKey: "score", threshold: 0.5 })).toMatchObject({ label_fails: 1, flaw_rows: [0], label_fail_tools: { t: 1 } });
  });

  it("honours qwen_reward when no key is named", () => {
    expect(mineTraces([{ qwen_reward: 0 }]).label_fails).toBe(1);
    expect(mineTraces([{ qwen_reward: 0 }], { rewardKey: "reward" }).label_fails).toBe(0);
  });

  it("counts faulted calls per tool apart from the row's chip", () => {
    // Steps from the reference: read_file with string results, run_command with an error.
    const row = {
      steps: [
        { tool: "read_file", result: "def f(): pass" },
        { tool: "run_command", result: { status: "error", error: "exit 1" } },
        { tool: "read_file", result: "x = 1" },
      ],
      reward: 0,
    };
    const mined = mineTraces([row]);
    expect(mined.tools).toEqual({ read_file: { n: 2, fault_n: 0 }, run_command: { n: 1, fault_n: 1 } });
    expect(mined.flaw_rows).toEqual([0]);
    const two = mineTraces([{ steps: [{ tool: "a", result: { status: "timeout" } }, { tool: "b", result: { status: "denied" } }] }]);
    expect(two.faults).toEqual({ timeout: 1 });
    expect(two.tools).toEqual({ a: { n: 1, fault_n: 1 }, b: { n: 1, fault_n: 1 } });
  });

  it("counts a planned fault when no call returned a result", () => {
    const mined = mineTraces([{ faults: { "*": { mode: "stale" } }, steps: [{ tool: "t" }] }]);
    expect(mined.faults).toEqual({ stale: 1 });
    expect(mined.tools).toEqual({ t: { n: 1, fault_n: 0 } });
    expect(mined.flaw_rows).toEqual([0]);
    expect(mineTraces([{ faults: { "*": { mode: "stale" } }, steps: [{ tool: "t", result: { status: "ok" } }] }]).faults).toEqual({});
  });

  it("tallies world states, skipping unknown ones case-sensitively", () => {
    const rows = [
      { world_state: " entity missing ", reward: 0 },
      { world_state: "entity missing", reward: 1 },
      { world_state: "unknown", reward: 0 },
      { world_state: "Unknown", reward: 0 },
      { world_state: "unspecified" },
      { world_state: 0 },
      { world_state: 7, reward: 0 },
    ];
    const mined = mineTraces(rows);
    expect(mined.world_states).toEqual({ "entity missing": 2, Unknown: 1, "7": 1 });
    expect(mined.flaw_world_states).toEqual({ "entity missing": 1, Unknown: 1, "7": 1 });
  });

  it("keeps distinct stripped prompts in first-seen order", () => {
    const mined = mineTraces([{ prompt: " a " }, { prompt: "a" }, { prompt: "A" }, { prompt: "" }, { prompt: "  " }, { prompt: 12 }, {}]);
    expect(mined.asks).toEqual(["a", "A", "12"]);
  });

  it("names tools with str() and skips falsy tools and non-dict steps", () => {
    const mined = mineTraces([{ steps: [{ tool: 1 }, { tool: true }, { tool: 0 }, { tool: "" }, { tool: null }, "x", [], { result: {} }] }]);
    expect(mined.tools).toEqual({ "1": { n: 1, fault_n: 0 }, True: { n: 1, fault_n: 0 } });
  });

  it("counts integer-like tool names and chips", () => {
    const mined = mineTraces([
      { steps: [{ tool: "b", result: { status: "exit_3" } }] },
      { steps: [{ tool: "2", result: { status: "500" } }] },
    ]);
    expect(Object.keys(mined.faults).sort()).toEqual(["500", "exit_3"]);
    expect(mined.tools["2"]).toEqual({ n: 1, fault_n: 1 });
  });

  it("ignores steps that are not a list", () => {
    const mined = mineTraces([{ steps: "abc" }, { steps: { tool: "t" } }, { steps: 5 }]);
    expect(mined.tools).toEqual({});
    expect(mined.unique_behaviors).toBe(1);
  });

  it("accepts any iterable of rows", () => {
    function* rows() {
      yield* TRACES;
    }
    expect(mineTraces(rows()).n).toBe(5);
  });

  it("iterates a dict argument by its keys, as Python does: none is a row, each counts in n", () => {
    const row = { prompt: "p", steps: [{ tool: "t", result: { status: "timeout" } }] };
    const mined = mineTraces(row as never);
    expect(mined.n).toBe(2);
    expect(mined.faults).toEqual({});
    expect(mined.unique_behaviors).toBe(0);
    expect(mineTraces("ab😀" as never).n).toBe(3);
    expect(() => mineTraces(null as never)).toThrow(new TypeError("'NoneType' object is not iterable"));
  });
});

describe("mineCounters with load", () => {
  it("mines each element as load returns it, skipping a null", () => {
    const load = (row: unknown) => (row === TRACES[1] ? null : { ...(row as object), world_state: "loaded" });
    const loaded = mineCounters(TRACES, {}, true, load);
    const mapped = mineCounters(TRACES.map(load), {}, true);
    expect(loaded).toEqual(mapped);
    expect(loaded.world_states.get("loaded")).toBe(TRACES.length - 1);
  });
});
