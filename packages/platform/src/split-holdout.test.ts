import { describe, expect, it } from "vitest";
import { splitHoldout } from "./split-holdout.js";

const tasks = (n: number, rollouts = 1) =>
  Array.from({ length: n * rollouts }, (_, i) => ({ scenario_id: `task-${String(Math.floor(i / rollouts)).padStart(3, "0")}`, rollout_index: i % rollouts }));

describe("splitHoldout", () => {
  it("keeps every row in train for a falsy fraction", () => {
    const rows = tasks(3);
    expect(splitHoldout(rows, 0)).toEqual([rows, []]);
    expect(splitHoldout(rows, null)).toEqual([rows, []]);
    expect(splitHoldout(rows, undefined)).toEqual([rows, []]);
    expect(splitHoldout([], 0)).toEqual([[], []]);
  });

  it("refuses fractions outside (0, 1) with Python's text", () => {
    for (const f of [1, 1.5, -1e-9, -0.3, Number.NaN]) {
      expect(() => splitHoldout(tasks(3), f)).toThrow("holdout must be a fraction between 0 and 1");
    }
  });

  it("refuses a split that leaves no training rows", () => {
    expect(() => splitHoldout([], 0.3)).toThrow("holdout fraction leaves no training rows");
    // The empty key's bucket is 0.8894..., so keyless rows all go to the holdout at 0.9.
    expect(() => splitHoldout([{}, { prompt: "" }], 0.9)).toThrow("holdout fraction leaves no training rows");
  });

  it("buckets by the first 8 hex digits of the key's sha256", () => {
    // sha256("boundary-task")[:8] / (16**8 - 1) == 0.02422065823902857: strict < keeps it in train.
    const rows = [{ scenario_id: "boundary-task" }, { scenario_id: "other" }];
    expect(splitHoldout(rows, 0.02422065823902857)[1]).toEqual([]);
    expect(splitHoldout(rows, 0.02422065823902858)[1]).toEqual([{ scenario_id: "boundary-task" }]);
    // "x" -> 0.1775..., the empty key -> 0.8894...
    expect(splitHoldout([{}, { scenario_id: "x" }], 0.88)).toEqual([[{}], [{ scenario_id: "x" }]]);
  });

  it("hashes unicode keys as UTF-8", () => {
    // 'é' -> 0.2914..., '日本' -> 0.8092...
    const [train, holdout] = splitHoldout([{ prompt: "é" }, { prompt: "日本" }], 0.5);
    expect(holdout).toEqual([{ prompt: "é" }]);
    expect(train).toEqual([{ prompt: "日本" }]);
  });

  it("keys a row by scenario_id, then task_id, then prompt", () => {
    const rows = [{ task_id: "é", prompt: "日本" }, { scenario_id: "", task_id: 0, prompt: "é" }, { scenario_id: "日本", task_id: "é" }];
    const [train, holdout] = splitHoldout(rows, 0.5);
    expect(holdout).toEqual([rows[0], rows[1]]);
    expect(train).toEqual([rows[2]]);
  });

  it("keeps a task on one side and input order on each", () => {
    const rows = tasks(40, 3);
    const [train, holdout] = splitHoldout(rows, 0.5);
    expect(train.length + holdout.length).toBe(rows.length);
    const held = new Set(holdout.map((r) => r.scenario_id));
    expect(train.some((r) => held.has(r.scenario_id))).toBe(false);
    expect(holdout.length).toBeGreaterThan(0);
    expect(train).toEqual(rows.filter((r) => !held.has(r.scenario_id)));
    expect(splitHoldout(rows, 0.5)).toEqual([train, holdout]);
  });

  it("gives non-dict rows the empty key instead of raising", () => {
    // The empty key's bucket is 0.8894...; "other" -> 0.8482...
    expect(splitHoldout(["not a row", { scenario_id: "other" }], 0.5)).toEqual([["not a row", { scenario_id: "other" }], []]);
    expect(splitHoldout([7, { scenario_id: "other" }], 0.889)).toEqual([[7], [{ scenario_id: "other" }]]);
    expect(() => splitHoldout([7, { scenario_id: "other" }], 0.8895)).toThrow("holdout fraction leaves no training rows");
  });
});
