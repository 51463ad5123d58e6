import { describe, expect, it } from "vitest";
import { pyRound, pyRoundInt } from "./round.js";

describe("pyRound", () => {
  it("rounds exact ties to even and inexact ones by the true double", () => {
    expect(pyRound(0.0625, 3)).toBe(0.062);
    expect(pyRound(0.03125, 4)).toBe(0.0312);
    expect(pyRound(2.675, 2)).toBe(2.67);
    expect(pyRound(0.125, 2)).toBe(0.12);
    expect(pyRound(0.375, 2)).toBe(0.38);
    expect(pyRound(-0.0625, 3)).toBe(-0.062);
    expect(pyRound(1 / 3, 4)).toBe(0.3333);
    expect(pyRound(2 / 3, 4)).toBe(0.6667);
    expect(pyRound(0.19999999999999996, 4)).toBe(0.2);
    expect(pyRound(123456.5, 0)).toBe(123456);
  });
  it("passes non-finite values and integers through", () => {
    expect(pyRound(Infinity, 2)).toBe(Infinity);
    expect(Number.isNaN(pyRound(NaN, 2))).toBe(true);
    expect(pyRound(7, 3)).toBe(7);
  });
});

describe("pyRoundInt", () => {
  it("rounds ties to even", () => {
    expect([0.5, 1.5, 2.5, -0.5, -1.5, 2.4999, 2.5001].map(pyRoundInt)).toEqual([0, 2, 2, 0, -2, 2, 3]);
  });
  it("raises as Python's round() does for NaN and infinity", () => {
    expect(() => pyRoundInt(NaN)).toThrow("cannot convert float NaN to integer");
    expect(() => pyRoundInt(Infinity)).toThrow(new RangeError("cannot convert float infinity to integer"));
    expect(() => pyRoundInt(-Infinity)).toThrow(RangeError);
  });
});
