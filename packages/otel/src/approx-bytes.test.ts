import { describe, expect, it } from "vitest";
import { approxBytes } from "./approx-bytes.js";

describe("approxBytes", () => {
  it("counts strings by length and containers by their slots", () => {
    expect(approxBytes("abcd")).toBe(20);
    expect(approxBytes([1, "ab", null, true])).toBe(32 + 4 * 16 + 16 + 18);
    expect(approxBytes({ a: { b: "x".repeat(1000) } })).toBe(32 + 16 + 32 + 16 + 1016);
    expect(approxBytes(undefined)).toBe(0);
  });
  it("ends on a value that contains itself", () => {
    const loop: Record<string, unknown> = {};
    loop["self"] = loop;
    expect(approxBytes(loop)).toBe(64 * 48 + 32);
  });
});
