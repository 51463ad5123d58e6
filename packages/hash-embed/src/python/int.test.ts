import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pyInt, pyIntExact, pyIntExactOr } from "./int.js";

/** The error `fn` throws, for checking its class and message together. */
function thrown(fn: () => unknown): { type: string; message: string } {
  try {
    fn();
  } catch (error) {
    return { type: (error as Error).constructor.name, message: (error as Error).message };
  }
  throw new Error("did not throw");
}

describe("pyIntExact: int() of text", () => {
  it.each([
    ["3", 3n],
    [" -12 ", -12n],
    ["+7", 7n],
    ["1_000", 1000n],
    ["007", 7n],
    ["-0", 0n],
    ["1725317608594409008", 1725317608594409008n],
    // Unicode decimal digits of Python 3.11, and the whitespace int() strips.
    ["\u0663", 3n],
    ["١٢", 12n],
    ["\u{1d7d9}\u0665", 15n],
    ["\x852\u3000", 2n],
    [" 42\n", 42n],
  ])("int(%j) is %s", (text, want) => expect(pyIntExact(text)).toBe(want));

  it.each(["", "2.5", "4.0", "1e3", "0x10", "_1", "1_", "1__0", "inf", "abc", "\x1c3", "3\x1f", "\ufeff1", "\u{11f51}"])("int(%j) raises ValueError", (text) => {
    expect(thrown(() => pyIntExact(text)).type).toBe("Error");
    expect(() => pyIntExact(text)).toThrow(/^invalid literal for int\(\) with base 10: /);
  });

  it("names the text as Python's repr, unstripped", () => {
    expect(() => pyIntExact(" 2.5\n")).toThrow("invalid literal for int() with base 10: ' 2.5\\n'");
    expect(() => pyIntExact("it's")).toThrow(`invalid literal for int() with base 10: "it's"`);
  });

  it("refuses more than 4,300 digits, as CPython 3.11 does; underscores and sign do not count", () => {
    expect(pyIntExact("-" + "1_".repeat(4299) + "1")).toBe(-BigInt("1".repeat(4300)));
    expect(() => pyIntExact("1".repeat(4301))).toThrow(
      "Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit",
    );
  });
});

describe("pyIntExact: int() of numbers and other values", () => {
  it("truncates floats toward zero and reads bools and bigints", () => {
    expect([1.9, -1.9, 2 ** 60, true, false, 1725317608594409008n].map(pyIntExact)).toEqual([1n, -1n, 2n ** 60n, 1n, 0n, 1725317608594409008n]);
  });

  it("raises ValueError for NaN and OverflowError (RangeError) for infinities, with CPython's words", () => {
    expect(thrown(() => pyIntExact(NaN))).toEqual({ type: "Error", message: "cannot convert float NaN to integer" });
    expect(thrown(() => pyIntExact(Infinity))).toEqual({ type: "RangeError", message: "cannot convert float infinity to integer" });
    expect(thrown(() => pyIntExact(-Infinity))).toEqual({ type: "RangeError", message: "cannot convert float infinity to integer" });
  });

  it("raises TypeError naming Python's type for None, lists and dicts", () => {
    expect(thrown(() => pyIntExact(null))).toEqual({ type: "TypeError", message: "int() argument must be a string, a bytes-like object or a real number, not 'NoneType'" });
    expect(thrown(() => pyIntExact([1]))).toEqual({ type: "TypeError", message: "int() argument must be a string, a bytes-like object or a real number, not 'list'" });
    expect(thrown(() => pyIntExact({ a: 1 }))).toEqual({ type: "TypeError", message: "int() argument must be a string, a bytes-like object or a real number, not 'dict'" });
  });
});

describe("pyInt", () => {
  it("is pyIntExact as a number, with int(-0.5) == 0", () => {
    expect(pyInt(2.9)).toBe(2);
    expect(Object.is(pyInt(-0.5), 0)).toBe(true);
    expect(Object.is(pyInt("-0"), 0)).toBe(true);
    expect(pyInt(" \u0663 ")).toBe(3);
    expect(pyInt(false)).toBe(0);
    expect(pyInt(7n)).toBe(7);
    expect(thrown(() => pyInt("2.5"))).toEqual({ type: "Error", message: "invalid literal for int() with base 10: '2.5'" });
    expect(thrown(() => pyInt(Infinity))).toEqual({ type: "RangeError", message: "cannot convert float infinity to integer" });
    expect(thrown(() => pyInt(null)).type).toBe("TypeError");
  });

  it("agrees with pyIntExact wherever that answers", () => {
    const values = fc.oneof(fc.double(), fc.integer().map(String), fc.boolean(), fc.bigInt().map(String), fc.string({ unit: fc.constantFrom("1", "0", "_", "-", "+", " ", "٣", ".", "e") }));
    fc.assert(
      fc.property(values, (value) => {
        let exact: bigint;
        try {
          exact = pyIntExact(value);
        } catch {
          expect(thrown(() => pyInt(value))).toEqual(thrown(() => pyIntExact(value)));
          return;
        }
        expect(pyInt(value)).toBe(Number(exact) + 0);
      }),
    );
  });
});

describe("pyIntExactOr", () => {
  it("answers the fallback only where int() raises TypeError", () => {
    expect([null, undefined, [1], { a: 1 }].map((v) => pyIntExactOr(v, 0n))).toEqual([0n, 0n, 0n, 0n]);
    expect(pyIntExactOr("12", 0n)).toBe(12n);
    expect(() => pyIntExactOr("1.5", 0n)).toThrow("invalid literal for int() with base 10: '1.5'");
    expect(() => pyIntExactOr(NaN, 0n)).toThrow("cannot convert float NaN to integer");
  });
});
