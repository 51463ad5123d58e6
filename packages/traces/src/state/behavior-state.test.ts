import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { behaviorState } from "./behavior-state.js";
import { regionProgress } from "./region-progress.js";

const steps = (tool: string, status = "ok") => [{ tool, result: { status } }];
/** A graded row whose only region is its capability, `task:<tool>`. */
const task = (tool: string, reward: number | null, extra: Record<string, unknown> = {}) => ({ prompt: tool, steps: steps(tool), reward, ...extra });

describe("behaviorState", () => {
  it("reproduces the worked example of traces.md §14.2", () => {
    const rows = [
      { ts: 1, prompt: "a", steps: steps("lookup", "timeout"), reward: 0, scenario_dimensions: { tool_condition: "timeout", stance: "hurried" } },
      { ts: 2, prompt: "b", steps: steps("lookup"), reward: 0 },
      { ts: 3, prompt: "c", steps: steps("refund"), reward: 1 },
      { ts: 4, prompt: "d", steps: steps("lookup", "timeout") },
      { ts: 5, prompt: "e", steps: steps("lookup"), reward: 1, scores: { polite: { value: 0 }, accurate: 1.0 } },
      { ts: 6, prompt: "f", steps: steps("lookup", "timeout"), reward: 1 },
    ];
    // Given in reverse: the ts sort restores the order.
    const state = behaviorState([...rows].reverse(), { targeted: ["recover_after_timeout"] });
    const region = (
      region: string, kind: string, status: string, support: number, n_graded: number, fail_rate: number,
      history: [string, number, number][], priority: number, budget_share: number, recipe: Record<string, string[]>,
    ) => ({
      region, kind, recipe, support,
      first_bucket: history[0][0], last_bucket: history[history.length - 1][0],
      status, n_graded, fail_rate, low_support: true,
      previously_targeted: region === "recover_after_timeout", rotate_coordinates: false,
      history: history.map(([bucket, n, rate]) => ({ bucket, n, fail_rate: rate })),
      priority, budget_share,
    });
    expect(state).toEqual({
      regions: [
        region("polite", "marker", "new", 1, 1, 0.6667, [["recent", 1, 1.0]], 0.4375, 0.5522, { tool: ["lookup"] }),
        region("task:lookup", "capability", "uncertain", 1, 1, 0.6667, [["old", 1, 1.0]], 0.1531, 0.1932, { tool: ["lookup"] }),
        region("recover_after_timeout", "fault_response", "solved", 3, 2, 0.5, [["old", 1, 1.0], ["recent", 1, 0.0]], 0.0182, 0.023, {
          tool_condition: ["timeout"], stance: ["hurried"], tool: ["lookup"],
        }),
        region("task:refund", "capability", "passing", 1, 1, 0.3333, [["old", 1, 0.0]], 0.0125, 0.0158, {}),
        region("accurate", "marker", "passing", 1, 1, 0.3333, [["recent", 1, 0.0]], 0.0125, 0.0158, {}),
      ],
      exploration_share: 0.2,
      traces: 6,
      buckets: ["old", "recent"],
    });
    expect(Object.keys(state.regions[2])).toEqual([
      "region", "kind", "recipe", "support", "first_bucket", "last_bucket", "status", "n_graded", "fail_rate",
      "low_support", "previously_targeted", "rotate_coordinates", "history", "priority", "budget_share",
    ]);
    expect(Object.keys(state.regions[2].recipe)).toEqual(["tool_condition", "stance", "tool"]);
  });

  it("checks the priority weights first, with Python's ValueError text, even for no rows", () => {
    expect(() => behaviorState([], { priority: { new: 1, persistent: 0.9, uncertain: 0.3, improving: 0.2 } })).toThrow(
      new Error("priority= needs a weight for every status; missing ['passing', 'solved']"),
    );
    expect(() => behaviorState([task("a", 0)], { priority: {} })).toThrow(
      "priority= needs a weight for every status; missing ['improving', 'new', 'passing', 'persistent', 'solved', 'uncertain']",
    );
  });

  it("returns the empty state for no dict rows, whatever the exploration", () => {
    const empty = { regions: [], exploration_share: 1.0, traces: 0, buckets: [] };
    expect(behaviorState([])).toEqual(empty);
    expect(behaviorState(["row", 3, null, [task("a", 0)]], { exploration: 0.5 })).toEqual(empty);
    // A dict argument is iterated by its keys, as Python's comprehension does: no row at all.
    expect(behaviorState({ a: task("a", 0) } as never)).toEqual(empty);
    expect(() => behaviorState(null as never)).toThrow(new TypeError("'NoneType' object is not iterable"));
  });

  it("gives each status of the table, and rotates coordinates only for a targeted persistent region", () => {
    const rows = [
      task("a", 0), task("b", 1), task("c", 0), task("d", 0), // old
      task("a", 0), task("b", 0), task("c", 1), task("e", 1), // recent
    ];
    const byRegion = (targeted: string[]) =>
      Object.fromEntries(behaviorState(rows, { targeted }).regions.map((r) => [r.region, [r.status, r.rotate_coordinates]]));
    expect(byRegion([])).toEqual({
      "task:a": ["persistent", false],
      "task:b": ["new", false],
      "task:c": ["improving", false],
      "task:d": ["uncertain", false],
      "task:e": ["passing", false],
    });
    expect(byRegion(["task:c", "task:a"])).toMatchObject({ "task:a": ["persistent", true], "task:c": ["solved", false] });
  });

  it("multiplies weight, support factor and rate factor, and rounds each figure", () => {
    // F = 2 of G = 2: support 0.5 + 0.5*2/6, fail rate 3/4, rate factor 0.25 + 0.75*0.75; 0.9 for persistent.
    const [region] = behaviorState([task("a", 0), task("a", 0)]).regions;
    expect(region).toMatchObject({ status: "persistent", n_graded: 2, fail_rate: 0.75, priority: 0.4875, budget_share: 0.8 });
  });

  it("splits by position without versions: n=1 is old, n=3 is old/recent/recent", () => {
    const buckets = (rows: object[]) => behaviorState(rows).regions.map((r) => [r.region, r.first_bucket]);
    expect(buckets([task("a", 1)])).toEqual([["task:a", "old"]]);
    expect(behaviorState([task("a", 1)]).buckets).toEqual(["old", "recent"]);
    const three = behaviorState([task("a", 0), task("b", 0), task("c", 0)]).regions.map((r) => [r.region, r.first_bucket]);
    expect(Object.fromEntries(three)).toEqual({ "task:a": "old", "task:b": "recent", "task:c": "recent" });
  });

  it("buckets by model version when two appear; unversioned rows join the first, the latest is the last to appear", () => {
    const rows = [task("a", 0, { model_version: "v2" }), task("a", 1), task("a", 0, { model_version: "v1" }), task("b", 1, { model_version: 3 })];
    const state = behaviorState(rows);
    expect(state.buckets).toEqual(["v2", "v1", "3"]);
    const a = state.regions.find((r) => r.region === "task:a");
    expect(a?.history).toEqual([{ bucket: "v2", n: 2, fail_rate: 0.5 }, { bucket: "v1", n: 1, fail_rate: 1.0 }]);
    // v1 is not the latest bucket ("3" is), so task:a has no recent grading: old fails make it uncertain.
    expect(a).toMatchObject({ first_bucket: "v2", last_bucket: "v1", status: "uncertain" });
    // A single version is not enough: position decides.
    expect(behaviorState([task("a", 0, { model_version: "v1" }), task("b", 0)]).buckets).toEqual(["old", "recent"]);
  });

  it("rounds history rates half to even on the exact double: 1/16 is 0.062", () => {
    const rows = [task("a", 0, { model_version: "v1" })];
    for (let i = 0; i < 15; i++) rows.push(task("a", 1, { model_version: "v1" }));
    rows.push(task("b", 1, { model_version: "v2" }));
    const a = behaviorState(rows).regions.find((r) => r.region === "task:a");
    expect(a?.history).toEqual([{ bucket: "v1", n: 16, fail_rate: 0.062 }]);
    expect(a?.low_support).toBe(false);
  });

  it("orders rows by ts or 0, stably, with bools as numbers and strings by code point", () => {
    const first = (rows: object[]) => behaviorState(rows).regions.find((r) => r.first_bucket === "old")?.region;
    expect(first([task("late", 0, { ts: 5 }), task("none", 0, { ts: null }), task("early", 0, { ts: 2 })])).toBe("task:none");
    expect(first([task("b", 0, { ts: 1 }), task("a", 0, { ts: true }), task("c", 0, { ts: 0.5 })])).toBe("task:c");
    expect(first([task("z", 0, { ts: "2024-01-02" }), task("y", 0, { ts: "2024-01-01T\uff61" }), task("x", 0, { ts: "2024-01-01T😀" })])).toBe("task:y");
    // No row has ts: input order stands.
    expect(first([task("q", 0), task("p", 0)])).toBe("task:q");
  });

  it("throws a TypeError where Python does, naming the rows, when ts mixes strings with numbers or a missing ts", () => {
    const rows = ["skip me", task("a", 0, { ts: "2024-01-01" }), task("b", 0), task("c", 0, { ts: "2024-01-02" })];
    expect(() => behaviorState(rows)).toThrow(TypeError);
    expect(() => behaviorState(rows)).toThrow(/row [13] has ts '2024-01-0[12]' and row 2 has ts 0|row 2 has ts 0 and row [13] has ts '2024-01-0[12]'/);
    expect(() => behaviorState(rows)).toThrow(/which cannot be ordered against each other \((string and number|number and string)\)\. /);
    // One row never compares, so it cannot raise.
    expect(behaviorState([task("a", 0, { ts: { at: 1 } })]).traces).toBe(1);
  });

  it("caps exploration at max_exploration and floors it at zero", () => {
    expect(behaviorState([task("a", 0)], { exploration: 0.9 }).exploration_share).toBe(0.6);
    expect(behaviorState([task("a", 0)], { exploration: 0.9, maxExploration: 0.75 }).exploration_share).toBe(0.75);
    const none = behaviorState([task("a", 0)], { exploration: -1 });
    expect(none.exploration_share).toBe(0);
    expect(none.regions[0].budget_share).toBe(1);
  });

  it("shares the pool by rounded priority and sorts by share, ties in first-seen order", () => {
    const state = behaviorState([task("p", 1), task("q", 1), task("r", 0), task("s", 0)]);
    expect(state.regions.map((r) => r.region)).toEqual(["task:r", "task:s", "task:p", "task:q"]);
    const total = state.regions.reduce((sum, r) => sum + r.budget_share, 0);
    expect(total).toBeCloseTo(0.8, 3);
  });

  it("takes custom weights (numeric text included) and a zero total gives zero shares", () => {
    const weights = { new: "2", persistent: 0, uncertain: 0, improving: 0, solved: 0, passing: 0, extra: 9 };
    const [region] = behaviorState([task("a", 1), task("a", 0)], { priority: weights as never }).regions;
    expect(region.status).toBe("new");
    // 2 * (0.5 + 0.5/6) * (0.25 + 0.75 * 2/4)
    expect(region.priority).toBe(0.7292);
    const zero = { new: 0, persistent: 0, uncertain: 0, improving: 0, solved: 0, passing: 0 };
    expect(behaviorState([task("a", 0)], { priority: zero }).regions[0]).toMatchObject({ priority: 0, budget_share: 0 });
  });

  it("builds the recipe from failing rows only, skipping unspecified and repeats", () => {
    const dims = { world_state: "entity missing", tool: "unspecified", history: "fresh" };
    const rows = [
      task("a", 0, { scenario_dimensions: dims }),
      task("a", 0, { scenario_dimensions: { ...dims, stance: "hurried" } }),
      task("a", 1, { scenario_dimensions: { stance: "calm" } }),
      task("a", 0, { scenario_dimensions: "not a dict" }),
    ];
    const [region] = behaviorState(rows).regions;
    expect(region.recipe).toEqual({ world_state: ["entity missing"], history: ["fresh"], tool: ["a"], stance: ["hurried"] });
    expect(Object.keys(region.recipe)).toEqual(["world_state", "history", "tool", "stance"]);
    expect(region.support).toBe(4);
  });

  it("counts ungraded memberships in support but not in n_graded", () => {
    const rows = [{ prompt: "x", steps: steps("t", "timeout") }, { prompt: "y", steps: steps("t", "timeout"), reward: 0 }];
    const [region] = behaviorState(rows).regions;
    expect(region).toMatchObject({ region: "recover_after_timeout", support: 2, n_graded: 1, first_bucket: "old", last_bucket: "recent" });
  });

  it("applies min_support as an int", () => {
    const rows = [task("a", 0), task("a", 0), task("a", 1)];
    expect(behaviorState(rows, { minSupport: 3 }).regions[0].low_support).toBe(false);
    expect(behaviorState(rows, { minSupport: 3.9 }).regions[0].low_support).toBe(false);
    expect(behaviorState(rows, { minSupport: 4 }).regions[0].low_support).toBe(true);
  });

  it("reads min_support with int(), messages and all", () => {
    const rows = [task("a", 0), task("a", 0), task("a", 1)];
    expect(behaviorState(rows, { minSupport: "\u0663" as never }).regions[0].low_support).toBe(false);
    expect(behaviorState(rows, { minSupport: " 4 " as never }).regions[0].low_support).toBe(true);
    expect(() => behaviorState(rows, { minSupport: "2.5" as never })).toThrow(new Error("invalid literal for int() with base 10: '2.5'"));
    expect(() => behaviorState(rows, { exploration: "lots" as never })).toThrow(new Error("could not convert string to float: 'lots'"));
  });

  it("takes targeted as Python's set() does: a dict's keys, and only when a region is there to check", () => {
    const rows = [task("a", 0), task("a", 1), task("a", 1)];
    expect(behaviorState(rows, { targeted: { "task:a": 1 } as never }).regions[0].previously_targeted).toBe(true);
    expect(behaviorState([{ prompt: "no label" }], { targeted: null as never, minSupport: "x" as never }).regions).toEqual([]);
    expect(() => behaviorState(rows, { targeted: null as never })).toThrow(new TypeError("'NoneType' object is not iterable"));
  });

  it("rejects an unknown option by name", () => {
    expect(() => behaviorState([], { min_support: 2 } as never)).toThrow(/unknown option "min_support"/);
  });
});

const KEYS = ["prompt", "steps", "tool", "result", "status", "reward", "qwen_reward", "scores", "value", "ts", "model_version", "scenario_dimensions", "faults"];
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, fc.jsonValue({ maxDepth: 1 }), tie("object"), fc.array(tie("value"), { maxLength: 3 })),
  object: fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 6 }),
}));

describe("behaviorState and regionProgress on arbitrary JSON", () => {
  it("only ever throw the documented ts TypeError, and shares stay within the pool", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(jsonish.object, fc.jsonValue()), { maxLength: 10 }), (rows) => {
        let state: ReturnType<typeof behaviorState>;
        try {
          state = behaviorState(rows);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          expect((error as Error).message).toMatch(/^behaviorState: rows are ordered by ts/);
          return;
        }
        const shares = state.regions.reduce((sum, r) => sum + r.budget_share, 0);
        expect(shares).toBeLessThanOrEqual(0.8 + 1e-3);
        expect(regionProgress(state, rows)).toHaveLength(state.regions.length);
      }),
      { numRuns: 400 },
    );
  });
});
