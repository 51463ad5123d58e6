import { describe, expect, expectTypeOf, it } from "vitest";
import { loadTraces } from "./load.js";
import { StepSchema, ToolStepSchema, TraceRowSchema, UserStepSchema, type Step, type TraceRow } from "./schema.js";

describe("TraceRowSchema", () => {
  it("accepts canonical rows with extra keys passed through", () => {
    const row = { prompt: "p", steps: [{ user: "p" }, { tool: "f", arguments: {}, result: 1 }, { text: "t" }], final_text: "t", reward: 1, id: "r1" };
    expect(TraceRowSchema.parse(row)).toEqual(row);
  });
  it("rejects rows that are not canonical", () => {
    for (const bad of [
      { steps: [], final_text: "" },
      { prompt: 1, steps: [], final_text: "" },
      { prompt: "", steps: {}, final_text: "" },
      { prompt: "", steps: ["x"], final_text: "" },
      { prompt: "", steps: [], final_text: null },
      { prompt: "", steps: [], final_text: "", reward: 0.5 },
      { prompt: "", steps: [], final_text: "", reward: true },
      [],
    ]) {
      expect(TraceRowSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
  it("validates what loadTraces gives, odd source steps included", () => {
    const rows = loadTraces([
      { question: "q", tool_trace: [{ tool: "x", input: 1 }, { tool: 5 }, { user: 3 }, { other: true }], reward: "1" },
      { messages: [{ role: "user", content: "hi" }, { role: "tool", content: "orphan" }] },
    ]);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(TraceRowSchema.safeParse(row).success).toBe(true);
  });
  it("types the canonical keys", () => {
    expectTypeOf<TraceRow["prompt"]>().toEqualTypeOf<string>();
    expectTypeOf<TraceRow["steps"]>().toEqualTypeOf<Step[]>();
    expectTypeOf<TraceRow["reward"]>().toEqualTypeOf<0 | 1 | undefined>();
  });
});

describe("StepSchema", () => {
  it("tells the step kinds apart and keeps their extra keys", () => {
    expect(ToolStepSchema.safeParse({ tool: "f", arguments: "{}" }).success).toBe(true);
    expect(ToolStepSchema.safeParse({ tool: "f" }).success).toBe(false);
    expect(ToolStepSchema.safeParse({ tool: 5, arguments: {} }).success).toBe(false);
    expect(UserStepSchema.parse({ user: "u", ts: 1 })).toEqual({ user: "u", ts: 1 });
    expect(UserStepSchema.safeParse({ user: null }).success).toBe(false);
  });
  it("admits any object as a step kept from its source, but nothing else", () => {
    expect(StepSchema.safeParse({ anything: 1 }).success).toBe(true);
    for (const bad of ["x", 1, null, [], [{}]]) expect(StepSchema.safeParse(bad).success).toBe(false);
  });
});
