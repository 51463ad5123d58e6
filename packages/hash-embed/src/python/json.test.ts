import { describe, expect, it } from "vitest";
import { pyJsonDumps, pyJsonLoads, pyJsonLoadsOr } from "./json.js";

describe("pyJsonDumps", () => {
  it("uses Python's separators, float format and ASCII escapes", () => {
    expect(pyJsonDumps({ a: [1, 2.5, "é😀"], b: NaN })).toBe('{"a": [1, 2.5, "\\u00e9\\ud83d\\ude00"], "b": NaN}');
    expect(pyJsonDumps([Infinity, -Infinity, 1e-5, null, true])).toBe("[Infinity, -Infinity, 1e-05, null, true]");
    expect(pyJsonDumps('q"\\\n\r\t\b\f\x7f')).toBe('"q\\"\\\\\\n\\r\\t\\b\\f\\u007f"');
    expect(pyJsonDumps({})).toBe("{}");
  });
  it("writes whole numbers as ints up to 2^64 and past it as Python writes those floats, not hundreds of digits", () => {
    expect(pyJsonDumps([0, -0, 2 ** 53 + 2, 1e16, 1544712660000000000, -(2 ** 63), 2 ** 64 - 2048])).toBe(
      "[0, 0, 9007199254740994, 10000000000000000, 1544712660000000000, -9223372036854776000, 18446744073709550000]",
    );
    expect(pyJsonDumps({ big: 1.5e300, edge: 2 ** 64, neg: -1e21, max: 1.7976931348623157e308 })).toBe(
      '{"big": 1.5e+300, "edge": 1.8446744073709552e+19, "neg": -1e+21, "max": 1.7976931348623157e+308}',
    );
    expect(pyJsonDumps(10n ** 30n)).toBe("1000000000000000000000000000000");
  });
});

describe("pyJsonLoads", () => {
  it("accepts any top-level value and surrounding whitespace", () => {
    expect(pyJsonLoads(" 5 ")).toBe(5);
    expect(pyJsonLoads("null")).toBe(null);
    expect(pyJsonLoads('{"a": 1}')).toEqual({ a: 1 });
  });
  it("accepts NaN and Infinity tokens anywhere", () => {
    const value = pyJsonLoads('{"x": [NaN, -Infinity, Infinity, "NaN"], "y": {"z": 1.5e3}}') as { x: unknown[]; y: unknown };
    expect(Number.isNaN(value.x[0])).toBe(true);
    expect(value.x.slice(1)).toEqual([-Infinity, Infinity, "NaN"]);
    expect(value.y).toEqual({ z: 1500 });
  });
  it("rejects what Python rejects", () => {
    for (const bad of ["", "ok", "\ufeff1", "{'a': 1}", "[1,]", "1 2", "nan", "[NaN,]", "NaNx"]) {
      expect(() => pyJsonLoads(bad), bad).toThrow();
    }
    expect(pyJsonLoadsOr("nope", "fallback")).toBe("fallback");
  });
  it("keeps the last duplicate key", () => {
    expect(pyJsonLoads('{"a": 1, "a": NaN}')).toEqual({ a: NaN });
  });
});
