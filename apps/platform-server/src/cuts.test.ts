import { describe, expect, it } from "vitest";
import { bestRun, groupRuns, holdoutTasks, runReward } from "./cuts.js";
import type { RunRecord } from "./trace-store.js";

function run(scenario: string | null, reward: number | null, extra: { prompt?: string; steps?: number; score?: number } = {}): RunRecord {
  const scores: RunRecord["scores"] = new Map();
  if (extra.score !== undefined) scores.set("score", { value: extra.score, label: null });
  return {
    traceId: Math.random().toString(16).slice(2),
    agent: null,
    scenario,
    createdAt: "2026-01-01T00:00:00.000Z",
    row: { prompt: extra.prompt ?? "", steps: Array.from({ length: extra.steps ?? 0 }, () => ({})), ...(reward === null ? {} : { reward }) },
    scores,
  };
}

describe("runReward", () => {
  it("prefers a score over the span attribute", () => {
    expect(runReward(run("a", 1, { score: 0 }))).toBe(0);
    expect(runReward(run("a", 0.5))).toBe(0.5);
    expect(runReward(run("a", null))).toBeNull();
  });
});

describe("groupRuns", () => {
  it("classifies by pass rate against the band, falling back to the prompt as the task", () => {
    const runs = [
      run("mixed", 1), run("mixed", 0), run("mixed", 0),
      run("rare", 1), run("rare", 0), run("rare", 0), run("rare", 0), run("rare", 0), run("rare", 0),
      run("single", 1),
      run(null, 0, { prompt: "by prompt" }), run(null, 0, { prompt: "by prompt" }),
      run(null, 1), // no scenario and no prompt: in no group
    ];
    const groups = groupRuns(runs, 0.2, 0.8);
    expect(groups.map((g) => [g.task, g.kind, g.graded, g.passes])).toEqual([
      ["mixed", "band", 3, 1],
      ["rare", "fail", 6, 1],
      ["single", "more", 1, 1],
      ["by prompt", "fail", 2, 0],
    ]);
  });

  it("counts a fractional reward below 1 as a fail", () => {
    expect(groupRuns([run("a", 0.9), run("a", 1)], 0.2, 0.8)[0]!.kind).toBe("band");
  });
});

describe("holdoutTasks", () => {
  it("holds out round(n × fraction) whole tasks, never all of them, and the same ones each time", () => {
    const tasks = Array.from({ length: 30 }, (_, i) => `t${i}`);
    const held = holdoutTasks(tasks, 0.2);
    expect(held.size).toBe(6);
    expect(holdoutTasks([...tasks].reverse(), 0.2)).toEqual(held);
    expect(holdoutTasks(["a", "b"], 0.9).size).toBe(1);
    expect(holdoutTasks(["a"], 0.5).size).toBe(0);
    expect(holdoutTasks(tasks, 0).size).toBe(0);
  });
});

describe("bestRun", () => {
  it("takes the passing run with the fewest steps, else null", () => {
    const short = run("a", 1, { steps: 1 });
    const [group] = groupRuns([run("a", 1, { steps: 3 }), short, run("a", 0)], 0.2, 0.8);
    expect(bestRun(group!)).toBe(short);
    expect(bestRun(groupRuns([run("b", 0), run("b", 0.5)], 0.2, 0.8)[0]!)).toBeNull();
  });
});
