import { describe, expect, it } from "vitest";
import { behaviorSignature } from "./behavior-signature.js";
import { DistinctBehaviors } from "./distinct-behaviors.js";

const step = (tool: unknown, args: unknown, status: unknown) => ({ tool, arguments: args, result: { status } });

// Rows whose payloads differ in one place each (tool, argument key or provenance, status, step
// count and order, tail), plus repeats and rows with nothing to read.
const ROWS: unknown[] = [
  { prompt: "where is 4412", steps: [step("lookup", { id: "4412" }, "ok")], final_text: "Done." },
  { prompt: "where is 9911", steps: [step("lookup", { id: "9911" }, "ok")], final_text: "Done." },
  { prompt: "where is it", steps: [step("lookup", { id: "4412" }, "ok")], final_text: "Done." },
  { prompt: "where is 4412", steps: [step("lookup", { ref: "4412" }, "ok")], final_text: "Done." },
  { prompt: "where is 4412", steps: [step("lookup", { id: "4412" }, "timeout")], final_text: "Done." },
  { prompt: "where is 4412", steps: [step("search", { id: "4412" }, "ok")], final_text: "Done." },
  { prompt: "x", steps: [step("a", {}, "ok"), step("b", null, "ok")], final_text: "Done." },
  { prompt: "x", steps: [step("b", {}, "ok"), step("a", {}, "ok")], final_text: "Done." },
  { prompt: "x", steps: [step("a", {}, "ok"), step("b", {}, "ok"), step("a", {}, "ok")], final_text: "Done." },
  { prompt: "x", steps: [step("a", { k: "", j: "q" }, "ok")], final_text: "I cannot do that." },
  { prompt: "x", steps: [step("a", { j: "q", k: "" }, "ok")], final_text: "I cannot do that." },
  { prompt: "x", steps: [step("a", {}, "ok")], final_text: "word ".repeat(40) },
  { prompt: "x", steps: [step("", {}, "ok"), 7, "s"], final_text: "" },
  { prompt: "x", steps: "ab", final_text: "" },
  { prompt: "x" },
  "not a row",
  { steps: [step("a", { n: 5 }, 404), step("a", { n: 5.0 }, "404")] },
];

describe("DistinctBehaviors", () => {
  it("counts what a set of behaviorSignature counts", () => {
    const distinct = new DistinctBehaviors();
    for (const row of ROWS) distinct.add(row);
    expect(distinct.size).toBe(new Set(ROWS.map(behaviorSignature)).size);
    expect(distinct.size).toBeGreaterThan(10);
  });

  it("does not count a repeated behaviour twice", () => {
    const distinct = new DistinctBehaviors();
    for (let i = 0; i < 3; i++) for (const row of ROWS) distinct.add(row);
    expect(distinct.size).toBe(new Set(ROWS.map(behaviorSignature)).size);
  });
});
