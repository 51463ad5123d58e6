import { describe, expect, it } from "vitest";
import { behaviorState } from "./behavior-state.js";
import { regionProgress } from "./region-progress.js";

const row = (tool: string, status: string, reward: number | null) => ({ prompt: tool, steps: [{ tool, result: { status } }], reward });

describe("regionProgress", () => {
  it("sets each region's trace fail rate beside its fail rate in generated rows", () => {
    const state = behaviorState([row("lookup", "timeout", 0), row("refund", "ok", 0), row("lookup", "timeout", 0), row("refund", "ok", 1)]);
    const generated = [
      row("lookup", "timeout", 0),
      row("lookup", "timeout", 1),
      row("lookup", "timeout", 1),
      row("lookup", "timeout", null), // ungraded: not counted
      row("new_tool", "ok", 0), // a region the state does not know: not reported
      "not a row",
    ];
    expect(regionProgress(state, generated)).toEqual([
      { region: "recover_after_timeout", status: "persistent", trace_fail_rate: 1.0, generated_n: 3, generated_fail_rate: 0.333 },
      { region: "task:refund", status: "improving", trace_fail_rate: 0.0, generated_n: 0, generated_fail_rate: null },
    ]);
  });

  it("takes the last history entry, which is the last bucket the region was graded in", () => {
    const state = {
      regions: [
        { region: "r", status: "new", history: [{ bucket: "old", n: 2, fail_rate: 0.5 }, { bucket: "recent", n: 1, fail_rate: 1.0 }] },
        { region: "s", status: "passing", history: [] },
        { region: "t", status: "passing" },
      ],
    };
    expect(regionProgress(state, []).map((r) => r.trace_fail_rate)).toEqual([1.0, null, null]);
  });

  it("rounds the generated rate half to even: 1/16 is 0.062", () => {
    const generated = [row("t", "timeout", 0), ...Array.from({ length: 15 }, () => row("t", "timeout", 1))];
    const [progress] = regionProgress({ regions: [{ region: "recover_after_timeout", status: "new", history: [] }] }, generated);
    expect(progress).toMatchObject({ generated_n: 16, generated_fail_rate: 0.062 });
  });

  it("answers nothing for a missing or empty state, and tolerates malformed pieces", () => {
    expect(regionProgress(null, [row("t", "timeout", 0)])).toEqual([]);
    expect(regionProgress({}, null)).toEqual([]);
    expect(regionProgress({ regions: null }, [])).toEqual([]);
    expect(regionProgress("state", [])).toEqual([]);
    expect(regionProgress({ regions: ["junk", { region: "r" }] }, undefined)).toEqual([
      { region: "r", status: null, trace_fail_rate: null, generated_n: 0, generated_fail_rate: null },
    ]);
  });
});
