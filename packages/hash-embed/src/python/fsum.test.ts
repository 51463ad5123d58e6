import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fsum } from "./fsum.js";

const naive = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

// CPython 3.12's builtin sum (traces.md §0.11): compensated, but not correctly rounded.
function neumaier(xs: number[]): number {
  let s = 0;
  let c = 0;
  for (const x of xs) {
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? s - t + x : x - t + s;
    s = t;
  }
  return c !== 0 && Number.isFinite(c) ? s + c : s;
}

// Exact reference: every input is a multiple of 2^-160 below 2^100, so x * 2^160 is an exact
// BigInt; Number(bigint) rounds half to even, and scaling back by 2^-160 is exact.
const SCALE = 2 ** 160;
function exactSum(xs: number[]): number {
  let total = 0n;
  for (const x of xs) total += BigInt(x * SCALE);
  return Number(total) / SCALE;
}

describe("fsum", () => {
  it("cancels huge terms exactly", () => {
    expect(fsum([1e100, 1, -1e100])).toBe(1);
    expect(naive([1e100, 1, -1e100])).toBe(0);
    expect(fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50])).toBe(1e-100);
  });

  it("sums ten 0.1s to 1.0 where a naive loop does not", () => {
    const tenth = new Array(10).fill(0.1);
    expect(fsum(tenth)).toBe(1);
    expect(naive(tenth)).toBe(0.9999999999999999);
  });

  it("rounds a near-halfway exact sum the right way where Neumaier does not", () => {
    // 2^53 - 0.5 - 2^-54 is just below the midpoint of 2^53 - 1 and 2^53.
    const xs = [2 ** 53, -0.5, -(2 ** -54)];
    expect(fsum(xs)).toBe(2 ** 53 - 1);
    expect(neumaier(xs)).toBe(2 ** 53);
    expect(naive(xs)).toBe(2 ** 53);
    expect(fsum([2 ** 53, 1.0, 2 ** -100])).toBe(2 ** 53 + 2);
    expect(fsum([2 ** 53 + 10, 1.0, 2 ** -100])).toBe(2 ** 53 + 12);
    expect(fsum([2 ** 53 - 4, 0.5, 2 ** -54])).toBe(2 ** 53 - 3);
  });

  it("matches CPython on its own test cases", () => {
    const harmonic = Array.from({ length: 1000 }, (_, i) => 1 / (i + 1));
    expect(fsum(harmonic)).toBe(7.485470860550345); // float.fromhex('0x1.df11f45f4e61ap+2')
    const alternating = Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? -1 : 1) / (i + 1));
    expect(fsum(alternating)).toBe(-0.6926474305598203); // -0x1.62a2af1bd3624p-1
    expect(fsum([1e16, 1, 1e-16])).toBe(10000000000000002);
    expect(fsum([1e16 - 2, 1 - 2 ** -53, -(1e16 - 2), -(1 - 2 ** -53)])).toBe(0);
    const resize: number[] = [];
    for (let n = -1074; n < 972; n += 2) resize.push(2 ** n - 2 ** (n + 50) + 2 ** (n + 52));
    resize.push(-(2 ** 1022));
    expect(fsum(resize)).toBe(2 ** 970 * (1 + 0x5555555555555 / 2 ** 52)); // 0x1.5555555555555p+970
  });

  it("handles empty input and special values as CPython does", () => {
    expect(fsum([])).toBe(0);
    expect(Object.is(fsum([-0]), 0)).toBe(true);
    expect(fsum([1, Infinity, 2])).toBe(Infinity);
    expect(fsum([NaN, 1])).toBeNaN();
    expect(() => fsum([Infinity, -Infinity])).toThrow("-inf + inf in fsum");
    expect(() => fsum([1.7e308, 1.7e308])).toThrow("intermediate overflow in fsum");
  });

  it("is the correctly rounded sum of any doubles (property)", () => {
    const double = fc
      .double({ min: -1e20, max: 1e20, noNaN: true, noDefaultInfinity: true })
      .map((x) => (Math.abs(x) < 1e-30 ? 0 : x));
    fc.assert(
      fc.property(fc.array(double, { maxLength: 40 }), (xs) => {
        expect(fsum(xs)).toBe(exactSum(xs));
      }),
      { numRuns: 2000 },
    );
  });

  it("is correctly rounded on heavy cancellation (property)", () => {
    const scales = fc.constantFrom(1e-20, 1, 1e10, 1e20);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), scales), { maxLength: 30 }), (pairs) => {
        const xs = pairs.map(([x, s]) => (Math.abs(x * s) < 1e-30 ? 0 : x * s));
        const all = [...xs, ...xs.map((x) => -x * (1 + 2 ** -30))];
        expect(fsum(all)).toBe(exactSum(all));
      }),
      { numRuns: 1000 },
    );
  });
});
