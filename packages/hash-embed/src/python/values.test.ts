import { describe, expect, it } from "vitest";
import { isDict, isPyInt, or, pyTypeName, truthy } from "./values.js";

describe("isDict", () => {
  it("accepts plain and null-prototype objects only", () => {
    expect([{}, Object.create(null), { a: 1 }].map(isDict)).toEqual([true, true, true]);
    expect([[], null, new Map(), new Date(0), "{}"].map(isDict)).toEqual([false, false, false, false, false]);
  });
});

describe("truthy", () => {
  it("follows Python", () => {
    expect([null, undefined, false, 0, -0, "", [], {}, 0n, new Map(), new Set()].map(truthy)).toEqual(Array(11).fill(false));
    expect([NaN, "0", " ", "false", [0], { a: null }, 0.1, 1n, new Map([[0, 0]])].map(truthy)).toEqual(Array(9).fill(true));
  });
});

describe("or", () => {
  it("returns the first operand when truthy, else the second", () => {
    expect(or("a", "b")).toBe("a");
    expect(or(0, "b")).toBe("b");
    expect(or([], null)).toBe(null);
  });
});

describe("isPyInt and pyTypeName", () => {
  it("take a whole number below 2^64 in magnitude, or a bigint, as an int, and anything past 2^64 as a float", () => {
    expect([0, -0, 7, 2 ** 53 + 2, -(2 ** 63), 2 ** 64 - 2048, 10n ** 40n].map(isPyInt)).toEqual(Array(7).fill(true));
    expect([0.5, 2 ** 64, -(2 ** 64), 1.5e300, Infinity, NaN, "1", true].map(isPyInt)).toEqual(Array(8).fill(false));
    expect([3, 1.5e300, 0.5].map(pyTypeName)).toEqual(["int", "float", "float"]);
  });
});
