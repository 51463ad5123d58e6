import { describe, expect, it } from "vitest";
import { TextMemo } from "./text-memo.js";

describe("TextMemo", () => {
  it("computes a kept text once, a long one every time, and starts over when full", () => {
    const calls: string[] = [];
    const memo = new TextMemo((text) => {
      calls.push(text);
      return text.toUpperCase();
    }, 3, 2);
    expect([memo.get("ab"), memo.get("ab"), memo.get("long"), memo.get("long")]).toEqual(["AB", "AB", "LONG", "LONG"]);
    expect(calls).toEqual(["ab", "long", "long"]);
    memo.get("cd"); // two kept: full
    memo.get("ef"); // starts over, then keeps "ef"
    memo.get("ab");
    memo.get("ef");
    expect(calls).toEqual(["ab", "long", "long", "cd", "ef", "ab"]);
  });
});

describe("TextMemo of numbers", () => {
  it("keeps numbers whatever their length; -0 and 0 share a key, as do all NaNs", () => {
    const calls: number[] = [];
    const memo = new TextMemo<string, number>((x) => {
      calls.push(x);
      return String(x);
    }, 0, 8);
    expect([memo.get(123456.5), memo.get(123456.5), memo.get(0), memo.get(-0), memo.get(Number.NaN), memo.get(Number.NaN)]).toEqual(["123456.5", "123456.5", "0", "0", "NaN", "NaN"]);
    expect(calls).toEqual([123456.5, 0, Number.NaN]);
  });
});
