import { describe, expect, it } from "vitest";
import { NumberSet } from "./number-set.js";

describe("NumberSet", () => {
  it("says whether each whole number is new, past its first size and up to 2^53", () => {
    const set = new NumberSet();
    const keys = Array.from({ length: 5000 }, (_, i) => (i % 2 === 0 ? i * 0x1000000 + 7 : 2 ** 53 - 1 - i));
    keys.push(0);
    for (const key of keys) expect(set.add(key)).toBe(true);
    for (const key of keys) expect(set.add(key)).toBe(false);
    expect(set.size).toBe(keys.length);
    expect(set.add(2 ** 44 + 1)).toBe(true);
  });
});
