import { describe, expect, it } from "vitest";
import { powHalf } from "./pow-half.js";

describe("powHalf", () => {
  it("answers 1.0 for 1 - 2^-53 as glibc pow does, sqrt elsewhere", () => {
    expect(powHalf(1 - 2 ** -53)).toBe(1);
    expect(Math.sqrt(1 - 2 ** -53)).toBe(0.9999999999999999);
    expect(powHalf(1 - 2 ** -52)).toBe(Math.sqrt(1 - 2 ** -52));
    expect(powHalf(1 + 2 ** -52)).toBe(1);
    expect(powHalf(0.9999999999999997)).toBe(0.9999999999999998);
    expect(powHalf(4)).toBe(2);
    expect(powHalf(0)).toBe(0);
  });
});
