import { describe, expect, it } from "vitest";
import { HASH_DIM, hashCounts, hashVector, normalizeCounts } from "./hash-vector.js";

const S7 = 0.3779644730092272; // 1/sqrt(7)
const nonzero = (v: ArrayLike<number>) => {
  const out: Record<number, number> = {};
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) out[i] = v[i];
  return out;
};
const same = (a: ArrayLike<number>, b: ArrayLike<number>) => expect(Array.from(a)).toEqual(Array.from(b));

describe("hashVector", () => {
  it("puts each of seven distinct tokens at 1/sqrt(7)", () => {
    const v = hashVector("Where is ORDER 4412?");
    expect(v).toHaveLength(HASH_DIM);
    expect(nonzero(v)).toEqual({ 34: S7, 39: S7, 50: S7, 57: S7, 65: S7, 75: S7, 167: S7 });
  });

  it("adds repeated tokens before normalising", () => {
    expect(nonzero(hashVector("order order"))).toEqual({ 36: 0.4472135954999579, 57: 0.8944271909999159 });
  });

  it("gives nine distinct buckets at exactly 1/3", () => {
    const v = hashVector("check order 123456 for me");
    expect(Object.values(nonzero(v))).toEqual(new Array(9).fill(1 / 3));
  });

  it("masks numbers: texts differing only in their numbers share a vector", () => {
    same(hashVector("check order 123456 for me"), hashVector("check order 987654 for me"));
    same(hashVector("refund order 81"), hashVector("refund order 82"));
    same(hashVector("order 0001 vs order 1"), hashVector("order 7 vs order 123456789"));
  });

  it("reads the same tokens in any case and spacing", () => {
    same(hashVector("where is order 4412"), hashVector("Where is  ORDER 4412"));
  });

  it("treats Unicode digits as numbers and drops accented letters", () => {
    // Python: café -> caf, Arabic-Indic digits -> <num>.
    expect(nonzero(hashVector("café ٣ ٤٥"))).toEqual({ 3: S7, 55: S7, 75: 0.7559289460184544, 206: S7 });
    same(hashVector("order ４４１２"), hashVector("order 1"));
  });

  it("is all zeros for a text with no words", () => {
    for (const text of ["", "   ", "???!!!...", "日本語"]) {
      const v = hashVector(text);
      expect(v).toHaveLength(256);
      expect(v.every((x) => x === 0)).toBe(true);
    }
  });

  it("honours other dims, including ones that do not divide 2^64", () => {
    const third = 0.3333333333333333;
    expect(nonzero(hashVector("Where is ORDER 4412?", { dim: 64 }))).toEqual({
      1: third, 11: third, 34: third, 39: 0.6666666666666666, 50: third, 57: third,
    });
    expect(nonzero(hashVector("Where is ORDER 4412?", { dim: 1000 }))).toEqual({
      271: third, 306: 0.6666666666666666, 321: third, 401: third, 443: third, 847: third,
    });
    const ninth = Object.values(nonzero(hashVector("Look up order ORD-1001", { dim: 512 })));
    expect(ninth).toEqual(new Array(9).fill(third));
    expect(Object.keys(nonzero(hashVector("Look up order ORD-1001", { dim: 512 })))).toEqual(
      ["50", "75", "121", "153", "208", "268", "313", "488", "508"],
    );
    expect(nonzero(hashVector("order order", { dim: 3 }))).toEqual({ 1: 0.8944271909999159, 2: 0.4472135954999579 });
    expect(Array.from(hashVector("order order", { dim: 1 }))).toEqual([1]);
  });

  it("rejects a dim that is not a positive integer", () => {
    expect(() => hashVector("hi", { dim: 0 })).toThrow(RangeError);
    expect(() => hashVector("hi", { dim: 2.5 })).toThrow(RangeError);
  });

  it("reads non-strings as Python str() prints them", () => {
    // Expected buckets computed with the Python SDK's algorithm on str(x).
    expect(nonzero(hashVector(null))).toEqual({ 249: 1 }); // "None"
    expect(nonzero(hashVector(true))).toEqual({ 216: 1 }); // "True"
    expect(nonzero(hashVector(false))).toEqual({ 92: 1 });
    expect(nonzero(hashVector(2))).toEqual({ 75: 1 }); // "2"
    expect(nonzero(hashVector(1.5))).toEqual({ 3: 0.4472135954999579, 75: 0.8944271909999159 }); // "1.5"
    const e = { 30: S7, 75: 0.7559289460184544, 84: S7, 114: S7 };
    expect(nonzero(hashVector(1e-5))).toEqual(e); // "1e-05"
    expect(nonzero(hashVector(1.5e-7))).toEqual(nonzero(hashVector("1.5e-07")));
    // A whole number is a Python int, so 1e16 prints as digits (pitfall 3 of traces.md).
    expect(nonzero(hashVector(1e16))).toEqual({ 75: 1 });
    expect(nonzero(hashVector([1, "a b", null]))).toEqual({ 3: S7, 41: S7, 48: S7, 72: S7, 75: S7, 152: S7, 249: S7 });
    const q = 0.2182178902359924;
    expect(nonzero(hashVector({ q: "hi there", n: [1, 2.5] }))).toEqual(
      nonzero(hashVector("{'q': 'hi there', 'n': [1, 2.0]}")),
    );
    expect(nonzero(hashVector({ q: "hi there", n: [1, 2.5] }))[24]).toBe(q);
  });

  it("writes string escapes inside containers as repr does", () => {
    // str(["x\x0by", "it's"]) == "['x\\x0by', \"it's\"]"
    expect(nonzero(hashVector(["x\x0by", "it's"]))).toEqual(nonzero(hashVector("['x\\x0by', \"it's\"]")));
    expect(nonzero(hashVector(["x\x0by", "it's"]))[138]).toBe(0.5547001962252291);
  });

  it("reads a non-string as Python 3.11 prints it: a Map as a dict, newer characters escaped", () => {
    // str(["\U0001fae8"]) == "['\\U0001fae8']" in Python 3.11 (the emoji is Unicode 15): words u, <num>, fae, <num>.
    same(hashVector(["\u{1fae8}"]), hashVector("['\\U0001fae8']"));
    expect(nonzero(hashVector(["\u{1fae8}"]))).not.toEqual({});
    same(hashVector(new Map([["q", "refund"]])), hashVector("{'q': 'refund'}"));
  });
});

describe("hashCounts", () => {
  it("returns the integer counts behind the vector", () => {
    const counts = hashCounts("order order");
    expect(counts).toBeInstanceOf(Uint16Array);
    expect(nonzero(counts)).toEqual({ 36: 1, 57: 2 });
    same(normalizeCounts(counts), hashVector("order order"));
  });

  it("widens to 32 bits when a bucket could overflow 16", () => {
    const counts = hashCounts("order ".repeat(40_000));
    expect(counts).toBeInstanceOf(Uint32Array);
    expect(counts[57]).toBe(40_000);
    expect(counts[36]).toBe(39_999);
  });

  it("honours dim", () => {
    expect(hashCounts("hi", { dim: 7 })).toHaveLength(7);
  });
});
