import { describe, expect, it } from "vitest";
import { WILSON_Z95, wilsonInterval } from "./wilson.js";

describe("wilsonInterval", () => {
  // Hand computation with z = 1.96 (z² = 3.8416):
  //   1/2: denom 1 + 3.8416/2 = 2.9208; center (0.5 + 0.9604)/2.9208 = 0.5;
  //        half 1.96·√(0.125 + 0.2401)/2.9208 = 0.405471 → [0.094529, 0.905471]
  //   0/3: denom 2.280533; center 0.640267/2.280533 = 0.280753; half 1.96·√(0.106711)/2.280533 = 0.280753 → [0, 0.561506]
  //   2/3: center (0.666667 + 0.640267)/2.280533 = 0.573085; half 1.96·√(0.074074 + 0.106711)/2.280533 = 0.365426 → [0.207659, 0.938511]
  it("matches the hand computation", () => {
    const [lo12, hi12] = wilsonInterval(1, 2);
    expect(lo12).toBeCloseTo(0.094529, 5);
    expect(hi12).toBeCloseTo(0.905471, 5);
    const [lo03, hi03] = wilsonInterval(0, 3);
    expect(lo03).toBe(0);
    expect(hi03).toBeCloseTo(0.561506, 5);
    const [lo23, hi23] = wilsonInterval(2, 3);
    expect(lo23).toBeCloseTo(0.207659, 5);
    expect(hi23).toBeCloseTo(0.938511, 5);
  });
  it("mirrors around one half and stays inside [0, 1] at n/n", () => {
    const [lo, hi] = wilsonInterval(3, 3);
    expect(hi).toBe(1);
    expect(lo).toBeCloseTo(1 - 0.561506, 5);
  });
  it("narrows as n grows at the same rate", () => {
    const [lo10, hi10] = wilsonInterval(5, 10);
    const [lo100, hi100] = wilsonInterval(50, 100);
    expect(hi100 - lo100).toBeLessThan(hi10 - lo10);
    expect(lo100).toBeCloseTo(0.403832, 5); // 50/100, the textbook value
  });
  it("is the whole [0, 1] with no observations", () => {
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });
  it("takes another z", () => {
    expect(WILSON_Z95).toBe(1.96);
    const [lo, hi] = wilsonInterval(1, 2, 1);
    // z = 1: denom 1.5, center 0.5, half √(0.125 + 0.0625)/1.5 = 0.288675
    expect(lo).toBeCloseTo(0.5 - 0.288675, 5);
    expect(hi).toBeCloseTo(0.5 + 0.288675, 5);
  });
});
