import { describe, expect, it } from "vitest";
import { pyItems, pyIter } from "./items.js";
import { pyTypeName } from "./values.js";

describe("pyIter", () => {
  it("walks a list, a string by code point and a dict by its keys, as Python's for does", () => {
    expect([...pyIter([1, { a: 1 }])]).toEqual([1, { a: 1 }]);
    expect([...pyIter("a😀")]).toEqual(["a", "😀"]);
    expect([...pyIter({ b: 1, a: { x: 1 } })]).toEqual(["b", "a"]);
    expect([...pyIter(new Map([["k", 1]]))]).toEqual(["k"]);
    expect([...pyIter(new Set([3]))]).toEqual([3]);
  });

  it("raises Python's TypeError on a value that is not iterable", () => {
    expect(() => pyIter(null)).toThrow(new TypeError("'NoneType' object is not iterable"));
    expect(() => pyIter(5)).toThrow(new TypeError("'int' object is not iterable"));
    expect(() => pyIter(0.5)).toThrow(new TypeError("'float' object is not iterable"));
    expect(() => pyIter(true)).toThrow(new TypeError("'bool' object is not iterable"));
  });
});

describe("pyItems", () => {
  it("yields only a list's (or another object iterable's) items; anything else reads as empty", () => {
    expect([...pyItems([1, 2])]).toEqual([1, 2]);
    expect([...pyItems("ab")]).toEqual([]);
    expect([...pyItems({ a: 1 })]).toEqual([]);
    expect([...pyItems(5)]).toEqual([]);
    expect([...pyItems(null)]).toEqual([]);
  });
});

describe("pyTypeName", () => {
  it("names JSON values as Python's type(x).__name__ does", () => {
    expect([null, true, 3, 0.5, "s", [1], { a: 1 }, new Map()].map(pyTypeName)).toEqual(["NoneType", "bool", "int", "float", "str", "list", "dict", "Map"]);
  });
});
