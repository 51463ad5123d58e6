import { describe, expect, it } from "vitest";
import { PublishGateError, publishGate, STRICT_HACKS_NOT_SUPPORTED } from "./publish-gate.js";
import { wilsonInterval } from "./wilson.js";

type Row = Record<string, unknown>;
const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  return null;
};

describe("publishGate", () => {
  it("stamps each graded row in place with its task's calibration and a Wilson interval", () => {
    const rows: Row[] = [
      { scenario_id: "a", prompt: "p1", reward: 1, kl: 0.5, model_version: "m1" },
      { scenario_id: "a", prompt: "p2", reward: 0, kl: 1.5 },
      { scenario_id: "a", prompt: "p3", reward: 1.0, model_version: "m2" },
      { scenario_id: "a", prompt: "p4", reward: 0.5 }, // not 0/1: ungraded, left unstamped
      { task_id: "b", prompt: "q", qwen_reward: 1 }, // Python's legacy key is read too
      { scenario_id: "", task_id: "b", prompt: "r", reward: 1, student: "s1" }, // falsy scenario_id falls through to task_id
    ];
    const report = publishGate(rows);
    const a = { task_id: "a", n: 3, pass_rate: 2 / 3, mean_kl: 1, pass_rate_ci95: wilsonInterval(2, 3) };
    const b = { task_id: "b", n: 2, pass_rate: 1, mean_kl: null, pass_rate_ci95: wilsonInterval(2, 2) };
    expect(rows[0]!["calibration"]).toEqual({ ...a, student: "m1" });
    expect(rows[1]!["calibration"]).toEqual({ ...a, student: null });
    expect(rows[2]!["calibration"]).toEqual({ ...a, student: "m2" });
    expect(rows[3]).not.toHaveProperty("calibration");
    expect(rows[4]!["calibration"]).toEqual({ ...b, student: null });
    expect(rows[5]!["calibration"]).toEqual({ ...b, student: "s1" });
    expect((rows[0]!["calibration"] as { pass_rate_ci95: number[] }).pass_rate_ci95[0]).toBeCloseTo(0.207659, 5);
    expect(report).toMatchObject({ ok: true, rl_shaped: true, mode: null, band: [0.2, 0.8], calibration: [a, b], duplicates: 0, refusal: null });
    expect(report.signal).toEqual({ rows: 6, tasks: 2, graded_rows: 5, graded_tasks: 2, mixed_tasks: 1, in_band_tasks: 1 });
    expect(report.warnings).toEqual([
      "1 of 2 graded tasks are unanimous (every run passes or every run fails) and carry no RL signal",
      "1 of 2 graded tasks have a pass rate outside the band [0.2, 0.8]",
    ]);
  });

  it("keys tasks by scenario_id, then task_id, then prompt", () => {
    const rows: Row[] = [
      { scenario_id: "s", task_id: "t", prompt: "p", reward: 1 },
      { scenario_id: "s", task_id: "u", prompt: "q", reward: 0 },
      { task_id: "t", prompt: "p", reward: 1 },
      { prompt: "p", reward: 0 },
    ];
    const report = publishGate(rows);
    expect(report.calibration.map((c) => [c.task_id, c.n])).toEqual([["s", 2], ["t", 1], ["p", 1]]);
  });

  it("is not RL-shaped when every task is seen once and mode is not rl: ungraded SFT rows pass unstamped", () => {
    const rows: Row[] = [{ prompt: "a", final_text: "x" }, { prompt: "b", final_text: "y" }, {}, {}];
    const report = publishGate(rows, { mode: "sft" });
    expect(report).toMatchObject({ ok: true, rl_shaped: false, mode: "sft", refusal: null, calibration: [] });
    // Keyless rows are tasks of their own, not repeats of one "" task.
    expect(report.signal.tasks).toBe(4);
    expect(report.warnings).toEqual(["exact duplicates of an earlier row: 1 row"]);
    expect(rows.every((r) => !("calibration" in r))).toBe(true);
  });

  it("refuses RL-shaped rows with no 0/1 reward (ungraded_rl_rows)", () => {
    const rows: Row[] = [{ prompt: "a" }, { prompt: "a", reward: 0.7 }, { prompt: "b" }];
    const error = thrown(() => publishGate(rows));
    expect(error).toBeInstanceOf(PublishGateError);
    expect((error as Error).name).toBe("PublishGateError");
    expect((error as Error).message).toBe(
      'ungraded_rl_rows: 3 rows in 2 tasks look like RL (mode "rl" or a task run more than once) but none has a 0/1 reward; grade them (reward 0 or 1) or push with gate: false',
    );
    expect((error as PublishGateError).report).toMatchObject({ ok: false, rl_shaped: true });
  });

  it("mode rl alone makes distinct tasks RL-shaped", () => {
    const message = (thrown(() => publishGate([{ prompt: "a" }], { mode: "rl" })) as Error).message;
    expect(message).toBe(
      'ungraded_rl_rows: 1 row in 1 tasks look like RL (mode "rl" or a task run more than once) but none has a 0/1 reward; grade them (reward 0 or 1) or push with gate: false',
    );
  });

  it("refuses RL-shaped rows where no task has both a pass and a fail (no_mixed_groups), after stamping them", () => {
    const rows: Row[] = [
      { prompt: "a", reward: 1 },
      { prompt: "a", reward: 1 },
      { prompt: "b", reward: 0 },
    ];
    const error = thrown(() => publishGate(rows));
    expect(error).toBeInstanceOf(PublishGateError);
    expect((error as Error).message).toBe(
      "no_mixed_groups: none of the 2 graded tasks has both a pass and a fail, so RL has nothing to learn from; add runs until some task has both, or push with gate: false",
    );
    expect(rows[0]).toHaveProperty("calibration.pass_rate", 1);
  });

  it("reports instead of throwing with strict: false", () => {
    const report = publishGate([{ prompt: "a", reward: 0 }, { prompt: "a", reward: 0 }], { strict: false });
    expect(report.ok).toBe(false);
    expect(report.refusal).toMatch(/^no_mixed_groups: /);
  });

  it("passes a mixed RL set and honours a custom band", () => {
    const rows: Row[] = [
      { prompt: "a", final_text: "1", reward: 1 },
      { prompt: "a", final_text: "2", reward: 0 },
      { prompt: "a", final_text: "3", reward: 0 },
      { prompt: "a", final_text: "4", reward: 0 },
    ];
    expect(publishGate(rows, { mode: "rl" }).signal.in_band_tasks).toBe(1);
    const narrow = publishGate(rows, { mode: "rl", band: [0.3, 0.7] });
    expect(narrow.ok).toBe(true);
    expect(narrow.signal.in_band_tasks).toBe(0);
    expect(narrow.warnings).toEqual(["1 of 1 graded tasks have a pass rate outside the band [0.3, 0.7]"]);
  });

  it("counts exact duplicate rows, a stamp from an earlier gate aside, and only warns", () => {
    const rows: Row[] = [
      { prompt: "a", final_text: "x", reward: 1 },
      { prompt: "a", final_text: "x", reward: 1 },
      { prompt: "a", final_text: "y", reward: 0 },
      { prompt: "a", final_text: "x", reward: 1 },
    ];
    const first = publishGate(rows);
    expect(first.duplicates).toBe(2);
    expect(first.warnings[0]).toBe("exact duplicates of an earlier row: 2 rows");
    // Gating the stamped rows again finds the same duplicates and keeps every row.
    expect(publishGate(rows).duplicates).toBe(2);
    expect(rows).toHaveLength(4);
  });

  it("skips non-dict rows without throwing", () => {
    const rows: unknown[] = [null, 5, "row", [1], { prompt: "a", reward: 1 }, { prompt: "a", reward: 0 }];
    const report = publishGate(rows);
    expect(report.signal).toMatchObject({ rows: 2, tasks: 1, mixed_tasks: 1 });
    expect(report.ok).toBe(true);
  });

  it("ignores kl values that are not finite numbers", () => {
    const rows: Row[] = [
      { prompt: "a", reward: 1, kl: true },
      { prompt: "a", reward: 0, kl: "2" },
      { prompt: "a", reward: 0, kl: 0.25 },
    ];
    expect(publishGate(rows).calibration[0]!.mean_kl).toBe(0.25);
  });

  it("refuses strictHacks as not supported, before stamping", () => {
    const rows: Row[] = [{ prompt: "a", reward: 1 }];
    expect((thrown(() => publishGate(rows, { strictHacks: true })) as Error).message).toBe(STRICT_HACKS_NOT_SUPPORTED);
    expect(rows[0]).not.toHaveProperty("calibration");
  });
});
