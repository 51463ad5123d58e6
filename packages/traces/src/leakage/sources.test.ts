import { describe, expect, it } from "vitest";
import { leakSources } from "./sources.js";

const row = { prompt: "a" };
const other = { prompt: "b" };

describe("leakSources", () => {
  it("gives nothing for None", () => {
    expect(leakSources(null)).toEqual([]);
    expect(leakSources(undefined)).toEqual([]);
  });

  it("treats one row or one string as a single source", () => {
    expect(leakSources(row)).toEqual([row]);
    expect(leakSources("hi there")).toEqual(["hi there"]);
  });

  it("splices nested lists one level only", () => {
    expect(leakSources([row, other])).toEqual([row, other]);
    expect(leakSources([[row, other], "text", row])).toEqual([row, other, "text", row]);
    expect(leakSources([[row], [other]])).toEqual([row, other]);
    expect(leakSources([[[row]]])).toEqual([[row]]);
    expect(leakSources([[]])).toEqual([]);
  });

  it("iterates any iterable, a Map by its keys, and raises Python's TypeError on a number", () => {
    expect(leakSources(new Set([row, [other]]))).toEqual([row, other]);
    expect(leakSources(new Map([["text", row]]))).toEqual(["text"]);
    expect(() => leakSources(5)).toThrow(new TypeError("'int' object is not iterable"));
    expect(() => leakSources(false)).toThrow(new TypeError("'bool' object is not iterable"));
  });
});
