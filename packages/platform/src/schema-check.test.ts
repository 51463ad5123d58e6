import { describe, expect, it } from "vitest";
import { rowProblems, schemaCheck } from "./schema-check.js";

describe("schemaCheck", () => {
  it("names at most five bad rows, by index, with every problem of each", () => {
    const rows = [{ ok: 1 }, 1, {}, null, "x", [], { schema_version: "2" }, 5];
    expect(() => schemaCheck(rows, "push_rows")).toThrow("schema_invalid in push_rows: 1:not_a_dict; 2:empty_row; 3:not_a_dict; 4:not_a_dict; 5:not_a_dict");
  });
  it("type-checks rows stamped schema_version 1 (int or str) and reports an unknown version", () => {
    expect(() => schemaCheck([{ schema_version: 1, prompt: 3, reward: "high" }], "w")).toThrow("schema_invalid in w: 0:prompt_not_str,reward_not_number");
    expect(() => schemaCheck([{ schema_version: 2 }], "w")).toThrow("schema_invalid in w: 0:unknown_schema_version:2");
    expect(() => schemaCheck([{ schema_version: "1", prompt: "p", steps: [], final_text: "", reward: 0.5 }, { prompt: 3 }], "w")).not.toThrow();
  });
});

describe("rowProblems: the SDK's schema.validate, check for check", () => {
  it("reads the stamp as str() of it, an absent or None stamp as version 0, and checks nothing more on version 0", () => {
    for (const row of [{ prompt: 3 }, { schema_version: null, prompt: 3, reward: "x" }, { schema_version: "0", steps: "no", calibration: 5 }, { schema_version: 0, final_text: 1 }]) {
      expect(rowProblems(row), JSON.stringify(row)).toEqual([]);
    }
    expect(rowProblems({ schema_version: true })).toEqual(["unknown_schema_version:True"]);
    expect(rowProblems({ schema_version: 1.5 })).toEqual(["unknown_schema_version:1.5"]);
    expect(rowProblems({ schema_version: "1 " })).toEqual(["unknown_schema_version:1 "]);
    expect(rowProblems({ schema_version: [1] })).toEqual(["unknown_schema_version:[1]"]);
  });

  it("tells a bool reward from a number (reward_is_bool), and lets a None reward pass", () => {
    expect(rowProblems({ schema_version: "1", reward: true })).toEqual(["reward_is_bool"]);
    expect(rowProblems({ schema_version: "1", reward: false })).toEqual(["reward_is_bool"]);
    expect(rowProblems({ schema_version: "1", reward: null })).toEqual([]);
    expect(rowProblems({ schema_version: "1", reward: "1" })).toEqual(["reward_not_number"]);
    expect(rowProblems({ schema_version: "1", reward: [1] })).toEqual(["reward_not_number"]);
    for (const reward of [0, 1, 0.5, -3, 1e300, NaN, 2n ** 70n]) expect(rowProblems({ schema_version: "1", reward }), String(reward)).toEqual([]);
  });

  it("takes an absent field as its default but a present None as a wrong type", () => {
    expect(rowProblems({ schema_version: "1", note: 1 })).toEqual([]);
    expect(rowProblems({ schema_version: "1", prompt: null, steps: null, final_text: null })).toEqual(["prompt_not_str", "steps_not_list", "final_text_not_str"]);
    expect(rowProblems({ schema_version: "1", steps: {}, final_text: ["a"] })).toEqual(["steps_not_list", "final_text_not_str"]);
  });

  it("checks calibration last: a dict whose pass_rate reads as a number in 0–1 and whose n reads as at least 1", () => {
    const calibrated = (calibration: unknown) => rowProblems({ schema_version: "1", reward: true, calibration });
    for (const ok of [{ pass_rate: 0.5, n: 8 }, { pass_rate: " 0.25 ", n: "8" }, { pass_rate: true, n: true }, { pass_rate: 0, n: 2.9 }, { pass_rate: "1_0e-1", n: "1e1" }]) {
      expect(calibrated(ok), JSON.stringify(ok)).toEqual(["reward_is_bool"]);
    }
    for (const bad of ["x", [0.5, 8], { n: 8 }, { pass_rate: 1.5, n: 8 }, { pass_rate: "nan", n: 8 }, { pass_rate: [0.5], n: 8 }, { pass_rate: 0.5 }, { pass_rate: 0.5, n: 0.9 }, { pass_rate: 0.5, n: "nan" }, { pass_rate: 0.5, n: "many" }, { pass_rate: 0.5, n: false }]) {
      expect(calibrated(bad), JSON.stringify(bad)).toEqual(["reward_is_bool", "calibration_invalid"]);
    }
    expect(rowProblems({ schema_version: "1", calibration: null })).toEqual([]);
    // int(float("inf")) raises OverflowError, which the SDK does not catch.
    expect(() => calibrated({ pass_rate: 0.5, n: "inf" })).toThrow(RangeError);
  });
});
