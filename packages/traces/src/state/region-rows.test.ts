import { describe, expect, it } from "vitest";
import { rowRegions } from "./region-rows.js";

const call = (tool: unknown, result: unknown) => ({ tool, result });

describe("rowRegions", () => {
  it("reads 0/1 score markers in order: value dicts, bools and numeric text; 0 is a fail", () => {
    const row = {
      scores: { polite: { value: 0 }, accurate: 1.0, kind: true, terse: "0", partial: 0.5, nan: "nan", none: null, empty: { value: null }, text: "yes" },
    };
    expect(rowRegions(row)).toEqual([
      ["polite", "marker", true],
      ["accurate", "marker", false],
      ["kind", "marker", false],
      ["terse", "marker", true],
    ]);
  });

  it("adds the fault response, graded by the row's reward or ungraded without one", () => {
    const steps = [call("lookup", { status: "timeout" })];
    expect(rowRegions({ steps, reward: 0 })).toEqual([["recover_after_timeout", "fault_response", true]]);
    expect(rowRegions({ steps, reward: 1 })).toEqual([["recover_after_timeout", "fault_response", false]]);
    expect(rowRegions({ steps })).toEqual([["recover_after_timeout", "fault_response", null]]);
    // The legacy key counts here: _binary_reward reads reward, then qwen_reward.
    expect(rowRegions({ steps, qwen_reward: 0 })).toEqual([["recover_after_timeout", "fault_response", true]]);
  });

  it("falls back to the first tool's capability only for a graded row with no marker or fault", () => {
    expect(rowRegions({ steps: [call("", "x"), "junk", call("refund", { status: "ok" }), call("lookup", "ok")], reward: 0 })).toEqual([
      ["task:refund", "capability", true],
    ]);
    expect(rowRegions({ steps: [], reward: 1 })).toEqual([["task:no-tool", "capability", false]]);
    expect(rowRegions({ steps: [call(7, "ok")], reward: "1" })).toEqual([["task:7", "capability", false]]);
    expect(rowRegions({ steps: [call("refund", "ok")], reward: 1, scores: { polite: 1 } })).toEqual([["polite", "marker", false]]);
  });

  it("gives no region to an ungraded clean row, a fractional reward or a non-dict row", () => {
    expect(rowRegions({ steps: [call("lookup", { status: "ok" })] })).toEqual([]);
    expect(rowRegions({ steps: [call("lookup", { status: "ok" })], reward: 0.5 })).toEqual([]);
    for (const row of [null, "row", 3, [{ reward: 0 }]]) expect(rowRegions(row)).toEqual([]);
  });

  it("skips malformed steps and scores where Python would crash", () => {
    expect(rowRegions({ steps: 5, reward: 0 })).toEqual([["task:no-tool", "capability", true]]);
    expect(rowRegions({ steps: "lookup", scores: [1, 0], reward: 1 })).toEqual([["task:no-tool", "capability", false]]);
  });
});
