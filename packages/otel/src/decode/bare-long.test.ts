import { describe, expect, it } from "vitest";
import { hasBareLongNumber } from "./bare-long.js";

const REGEX = /:\s*-?\d{16}/;

/** Seeded text made of the characters that matter: digits, colons, minus, spaces of every kind, quotes. */
function randomText(seed: number, length: number): string {
  const alphabet = ["0", "1", "9", ":", "-", " ", "\t", "\n", "\u00a0", "\u2028", "\ufeff", '"', "a", ","];
  let a = seed >>> 0;
  let out = "";
  for (let i = 0; i < length; i++) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    // Mostly digits, so runs of 16 and more are common.
    out += a % 3 === 0 ? alphabet[(a >>> 8) % alphabet.length] : String((a >>> 8) % 10);
  }
  return out;
}

describe("hasBareLongNumber", () => {
  it("answers as /:\\s*-?\\d{16}/ does", () => {
    const cases = [
      "",
      ":1234567890123456",
      ":123456789012345",
      ": -1234567890123456",
      ":-  1234567890123456",
      '"startTimeUnixNano":"1777000000000000000"',
      '"startTimeUnixNano": 1777000000000000000}',
      "x".repeat(15) + ":\u00a0\u2028-12345678901234567",
      "x".repeat(31) + ":" + "7".repeat(40),
      "1".repeat(64),
      ":" + "1".repeat(15) + "a" + "1".repeat(16),
    ];
    for (const text of cases) expect(hasBareLongNumber(text), JSON.stringify(text)).toBe(REGEX.test(text));
    for (let seed = 1; seed <= 3000; seed++) {
      const text = randomText(seed, 20 + (seed % 90));
      expect(hasBareLongNumber(text), JSON.stringify(text)).toBe(REGEX.test(text));
      // Every offset of a match against the sampling grid.
      const shifted = "x".repeat(seed % 16) + text;
      expect(hasBareLongNumber(shifted)).toBe(REGEX.test(shifted));
    }
  });
});
