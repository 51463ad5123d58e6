import { describe, expect, it } from "vitest";
import { parsePyFloat, pyFloat, pyFloatStrict, pyNumberStrip } from "./number.js";

describe("pyFloat", () => {
  it.each([
    [" 1 ", 1],
    ["1_000", 1000],
    ["1.", 1],
    [".5", 0.5],
    ["-1.5e3", -1500],
    ["\u0663", 3],
    ["\u{1d7d9}", 1],
    ["inf", Infinity],
    ["-Infinity", -Infinity],
    ["\x852\u3000", 2],
    ["\x0b2\f", 2],
  ])("%j -> %s", (text, want) => expect(parsePyFloat(text)).toBe(want));

  it.each(["", "  ", "0x10", "1,5", "_1", "1_", "1__0", "true", "\ufeff1", "1e", "e5", ".", "\x1c2", "2\x1f", "\x1e0.5", "\u{11f51}"])("%j raises", (text) => {
    expect(parsePyFloat(text)).toBeNull();
  });

  it("reads nan and non-strings as Python does", () => {
    expect(Number.isNaN(parsePyFloat("nan"))).toBe(true);
    expect(pyFloat(true)).toBe(1);
    expect(pyFloat(false)).toBe(0);
    expect(pyFloat(null)).toBeNull();
    expect(pyFloat([5])).toBeNull();
    expect(pyFloat({})).toBeNull();
  });
});

describe("pyNumberStrip", () => {
  // CPython maps non-ASCII whitespace to " " and strips only ASCII " \t\n\v\f\r", unlike str.strip().
  it("strips what float() and int() strip, and keeps \\x1c-\\x1f", () => {
    expect(pyNumberStrip("\u3000 1\x85\xa0")).toBe("1");
    expect(pyNumberStrip("\x1c1\x1f")).toBe("\x1c1\x1f");
    expect(pyNumberStrip("\ufeff1")).toBe("\ufeff1");
  });
});

describe("pyFloatStrict", () => {
  it("answers float() or raises Python's error and message", () => {
    expect(pyFloatStrict(" 0.5 ")).toBe(0.5);
    expect(pyFloatStrict(true)).toBe(1);
    expect(() => pyFloatStrict("high")).toThrow(new Error("could not convert string to float: 'high'"));
    expect(() => pyFloatStrict("high")).not.toThrow(TypeError);
    expect(() => pyFloatStrict(null)).toThrow(new TypeError("float() argument must be a string or a real number, not 'NoneType'"));
    expect(() => pyFloatStrict([1])).toThrow(new TypeError("float() argument must be a string or a real number, not 'list'"));
  });
});
