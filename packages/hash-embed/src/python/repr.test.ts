import { describe, expect, it } from "vitest";
import { pyFloatRepr, pyRepr, pyStr, PyTuple } from "./repr.js";

describe("pyFloatRepr", () => {
  it.each([
    [2, "2.0"],
    [0.0001, "0.0001"],
    [123.5, "123.5"],
    [1234567890123456, "1234567890123456.0"],
    [1e-5, "1e-05"],
    [1.5e-7, "1.5e-07"],
    [1e16, "1e+16"],
    [1.2345678901234568e17, "1.2345678901234568e+17"],
    [1e100, "1e+100"],
    [-0, "-0.0"],
    [0, "0.0"],
    [NaN, "nan"],
    [-Infinity, "-inf"],
    [0.1 + 0.2, "0.30000000000000004"],
    // Edges of the positional fast path.
    [9.999999999999999e-5, "9.999999999999999e-05"],
    [-0.0001, "-0.0001"],
    [9999999999999998, "9999999999999998.0"],
    [1000000000000000.5, "1000000000000000.5"],
    [-12.5, "-12.5"],
    [1e-7, "1e-07"],
  ])("%s -> %s", (x, want) => expect(pyFloatRepr(x)).toBe(want));
});

describe("pyStr", () => {
  it("prints whole numbers as ints and others as floats", () => {
    expect(pyStr(2)).toBe("2");
    expect(pyStr(-0)).toBe("0");
    expect(pyStr(0.5)).toBe("0.5");
    expect(pyStr(2 ** 64 - 2048)).toBe("18446744073709550000");
    expect(pyStr(12345678901234567890n)).toBe("12345678901234567890");
  });
  it("prints a whole number past 2^64 as the float it is: no 64-bit integer field sends one", () => {
    expect(pyStr(2 ** 64)).toBe("1.8446744073709552e+19");
    expect(pyStr(1e21)).toBe("1e+21");
    expect(pyStr(-1.5e300)).toBe("-1.5e+300");
    expect(pyStr(1.7976931348623157e308)).toBe("1.7976931348623157e+308");
    expect(pyStr(12345678901234567890n)).toBe("12345678901234567890");
  });
  it("prints None, booleans and containers as Python does", () => {
    expect(pyStr(null)).toBe("None");
    expect(pyStr(undefined)).toBe("None");
    expect(pyStr(true)).toBe("True");
    expect(pyStr({ q: "hi", n: [1, 2.5, null, true] })).toBe("{'q': 'hi', 'n': [1, 2.5, None, True]}");
    expect(pyStr([])).toBe("[]");
    expect(pyStr({})).toBe("{}");
  });
});

describe("pyRepr", () => {
  it("chooses quotes as Python does", () => {
    expect(pyRepr("0.75")).toBe("'0.75'");
    expect(pyRepr("a'b")).toBe(`"a'b"`);
    expect(pyRepr(`a"b'c`)).toBe(`'a"b\\'c'`);
  });
  it("escapes non-printables and keeps printable non-ASCII", () => {
    expect(pyRepr(" 0.5\xa0")).toBe("' 0.5\\xa0'");
    expect(pyRepr("0.5\n")).toBe("'0.5\\n'");
    expect(pyRepr("\t\r\\")).toBe("'\\t\\r\\\\'");
    expect(pyRepr("\x0b\x1c\x85\u2000\u3000")).toBe("'\\x0b\\x1c\\x85\\u2000\\u3000'");
    expect(pyRepr("é日😀")).toBe("'é日😀'");
    expect(pyRepr("\u{e0001}")).toBe("'\\U000e0001'");
  });
  it("escapes what Unicode 14 (Python 3.11) left unassigned, whatever the JS engine knows", () => {
    // U+1FAE8 is an emoji of Unicode 15; U+1C89 a letter of Unicode 16.
    expect(pyRepr("🫨")).toBe("'\\U0001fae8'");
    expect(pyRepr("a\u1c89")).toBe("'a\\u1c89'");
    expect(pyRepr("😀")).toBe("'😀'");
  });

  it("prints tuples with Python's one-element comma", () => {
    expect(pyRepr(new PyTuple([]))).toBe("()");
    expect(pyRepr(new PyTuple(["a"]))).toBe("('a',)");
    expect(pyRepr(new PyTuple([new PyTuple([1, "x"]), false, 0]))).toBe("((1, 'x'), False, 0)");
  });
});

describe("pyStr of containers", () => {
  // hash-embed's former own pyStr printed a Map as "{}" and left these characters unescaped.
  it("prints a Map as a dict and escapes what Python 3.11 escapes inside containers", () => {
    expect(pyStr(new Map<unknown, unknown>([["a", 1], [2, null]]))).toBe("{'a': 1, 2: None}");
    expect(pyStr(["\u{1fae8}", { "\u1c89": "\ud800" }])).toBe("['\\U0001fae8', {'\\u1c89': '\\ud800'}]");
    expect(pyStr("\u{1fae8}")).toBe("\u{1fae8}");
  });
  it("prints big and signed floats and ints as Python does", () => {
    // A whole number below 2^64 is an int in our model; the rest are floats.
    expect(pyStr([2 ** 53 + 2, 1e22, -0, 5e-324, -1.5e-300])).toBe("[9007199254740994, 1e+22, 0, 5e-324, -1.5e-300]");
    expect(pyStr(-0.5)).toBe("-0.5");
  });
});
