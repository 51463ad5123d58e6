import { describe, expect, it } from "vitest";
import { pyIntExact } from "./py-int.js";

describe("pyIntExact", () => {
  it.each([
    ["1725317608594409008", 1725317608594409008n],
    [" 42\n", 42n],
    ["+7", 7n],
    ["-0", 0n],
    ["1_000", 1000n],
    ["١٢", 12n], // Arabic-Indic digits, which int() accepts
    [1.9, 1n],
    [-1.9, -1n],
    [true, 1n],
  ])("int(%s) is its bigint", (value, want) => expect(pyIntExact(value)).toBe(want));

  it("passes a bigint through (a protobuf decoder's 64-bit value)", () => {
    expect(pyIntExact(1725317608594409008n)).toBe(1725317608594409008n);
  });

  it.each(["1.5", "0x10", "", "1__0", "1e3", "abc"])("int(%j) raises ValueError", (text) => {
    expect(() => pyIntExact(text)).toThrow(/^invalid literal for int\(\) with base 10: /);
  });

  it("raises on NaN and infinity as Python does", () => {
    expect(() => pyIntExact(NaN)).toThrow("cannot convert float NaN to integer");
    expect(() => pyIntExact(Infinity)).toThrow(RangeError);
  });

  it("answers null where Python raises TypeError", () => {
    expect(pyIntExact({ a: 1 })).toBeNull();
    expect(pyIntExact([1])).toBeNull();
  });
});
