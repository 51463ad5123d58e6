import { describe, expect, it } from "vitest";
import { asNumber, binaryReward, labelFrom, labelKeys, labelState, labelStateOf, rowsPhrase } from "./labels.js";

describe("asNumber", () => {
  it("reads numbers, numeric text and bools as Python float() does", () => {
    expect(asNumber(1)).toBe(1);
    expect(asNumber("0.75")).toBe(0.75);
    expect(asNumber(" 1 ")).toBe(1);
    expect(asNumber("1_000")).toBe(1000);
    expect(asNumber("inf")).toBe(Infinity);
    expect(asNumber("-Infinity")).toBe(-Infinity);
    expect(asNumber(true)).toBe(1);
    expect(asNumber(false)).toBe(0);
    expect(asNumber("٣")).toBe(3);
  });

  it("answers null where float() raises or gives NaN", () => {
    for (const value of ["nan", NaN, "", "  ", "maybe", "0x10", null, undefined, [1], {}, { a: 1 }]) {
      expect(asNumber(value)).toBeNull();
    }
  });
});

describe("labelFrom", () => {
  const cases: [unknown, 0 | 1 | null, 0 | 1 | null][] = [
    [1, 1, 1],
    ["1", 1, 1],
    [" 1.0 ", 1, 1],
    [true, 1, 1],
    [0, 0, 0],
    [-0, 0, 0],
    ["0", 0, 0],
    [false, 0, 0],
    [0.75, null, 1],
    [0.25, null, 0],
    [2, null, 1],
    ["2", null, 1],
    [Infinity, null, 1],
    [-1, null, 0],
    [NaN, null, null],
    ["nan", null, null],
    ["maybe", null, null],
    ["", null, null],
    [null, null, null],
    [[1], null, null],
    [{}, null, null],
  ];
  it.each(cases)("%j reads %j without a threshold and %j at 0.5", (value, plain, barred) => {
    expect(labelFrom(value)).toBe(plain);
    expect(labelFrom(value, { threshold: 0.5 })).toBe(barred);
  });

  it("keeps a bool's own label whatever the threshold", () => {
    expect(labelFrom(true, { threshold: 5 })).toBe(1);
    expect(labelFrom(false, { threshold: -5 })).toBe(0);
  });

  it("counts a threshold of 0 and converts a numeric-text threshold", () => {
    expect(labelFrom(0, { threshold: 0 })).toBe(1);
    expect(labelFrom(-0.1, { threshold: 0 })).toBe(0);
    expect(labelFrom(0.6, { threshold: "0.5" })).toBe(1);
    expect(labelFrom(0.6, { threshold: true })).toBe(0);
  });

  it("labels every number 0 under a NaN threshold", () => {
    expect(labelFrom(1, { threshold: NaN })).toBe(0);
    expect(labelFrom(Infinity, { threshold: NaN })).toBe(0);
  });

  it("raises Python's ValueError text for a threshold float() rejects", () => {
    expect(() => labelFrom(0.5, { threshold: "high" })).toThrow("could not convert string to float: 'high'");
    expect(labelFrom("maybe", { threshold: "high" })).toBeNull();
  });
});

describe("labelKeys", () => {
  it("defaults to reward, with qwen_reward only under legacy", () => {
    expect(labelKeys()).toEqual(["reward"]);
    expect(labelKeys(null, true)).toEqual(["reward", "qwen_reward"]);
  });

  it("lets a named key replace the defaults and ignores legacy", () => {
    expect(labelKeys("score", true)).toEqual(["score"]);
    expect(labelKeys(["score", "reward"], true)).toEqual(["score", "reward"]);
    expect(labelKeys([], true)).toEqual([]);
  });

  it("renders non-string names with str()", () => {
    expect(labelKeys([1, null, 2.5])).toEqual(["1", "None", "2.5"]);
  });

  it("reads a dict's keys, as tuple(str(k) for k in reward_key) does", () => {
    expect(labelKeys({ score: 1, grade: 0 } as unknown as string[])).toEqual(["score", "grade"]);
  });

  it("raises for a key that is not iterable, as Python does", () => {
    expect(() => labelKeys(5 as unknown as string)).toThrow(TypeError);
  });
});

describe("labelState", () => {
  it("reads the first key that gives a label", () => {
    expect(labelState({ reward: 1 })).toEqual([1, "read", "reward"]);
    expect(labelState({ reward: null, qwen_reward: 0 }, { legacy: true })).toEqual([0, "read", "qwen_reward"]);
    expect(labelState({ a: "maybe", b: "1" }, { rewardKey: ["a", "b"] })).toEqual([1, "read", "b"]);
  });

  it("names the first numeric key when no value is 0 or 1", () => {
    expect(labelState({ reward: 0.7 })).toEqual([null, "not_binary", "reward"]);
    expect(labelState({ a: "x", b: 0.3, c: 0.4 }, { rewardKey: ["a", "b", "c"] })).toEqual([null, "not_binary", "b"]);
  });

  it("turns every number into a label under a threshold", () => {
    expect(labelState({ reward: 0.7 }, { threshold: 0.5 })).toEqual([1, "read", "reward"]);
  });

  it("treats missing, null and unreadable values as no column", () => {
    expect(labelState({})).toEqual([null, "no_column", ""]);
    expect(labelState({ reward: null })).toEqual([null, "no_column", ""]);
    expect(labelState({ reward: "maybe" })).toEqual([null, "no_column", ""]);
    expect(labelState({ reward: "" })).toEqual([null, "no_column", ""]);
    expect(labelState({ qwen_reward: 1 })).toEqual([null, "no_column", ""]);
  });

  it("never records a key spelled '' as the numeric one", () => {
    expect(labelState({ "": 0.5 }, { rewardKey: [""] })).toEqual([null, "no_column", ""]);
  });

  it("answers no column for a non-dict row instead of crashing", () => {
    expect(labelState(null)).toEqual([null, "no_column", ""]);
    expect(labelState([{ reward: 1 }])).toEqual([null, "no_column", ""]);
  });

  it("matches labelStateOf with resolved keys", () => {
    expect(labelStateOf({ score: 0.2 }, ["score"], 0.5)).toEqual([0, "read", "score"]);
  });
});

describe("binaryReward", () => {
  it("reads reward, then qwen_reward, with no threshold by default", () => {
    expect(binaryReward({ reward: 0.0 })).toBe(0);
    expect(binaryReward({ reward: 1.0 })).toBe(1);
    expect(binaryReward({ reward: 0.75 })).toBeNull();
    expect(binaryReward({ qwen_reward: 0 })).toBe(0);
    expect(binaryReward({ reward: "maybe", qwen_reward: 1 })).toBe(1);
  });

  it("reads only the named key", () => {
    expect(binaryReward({ score: 0.0 })).toBeNull();
    expect(binaryReward({ score: 0.0 }, { rewardKey: "score" })).toBe(0);
    expect(binaryReward({ score: 1, reward: 0 }, { rewardKey: "score" })).toBe(1);
  });

  it("binarises at a threshold", () => {
    expect(binaryReward({ reward: 0.75 }, { threshold: 0.5 })).toBe(1);
    expect(binaryReward({ reward: 0.25 }, { threshold: 0.5 })).toBe(0);
  });
});

describe("rowsPhrase", () => {
  it("is singular only for one", () => {
    expect(rowsPhrase(1)).toBe("1 row");
    expect(rowsPhrase(0)).toBe("0 rows");
    expect(rowsPhrase(7)).toBe("7 rows");
  });
});
