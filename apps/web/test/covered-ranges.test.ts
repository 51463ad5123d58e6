// How far a read got, as the progress bar shows it: bytes covered, each byte counted once.
import { describe, expect, test } from "vitest";
import { CoveredRanges } from "../src/load/covered-ranges.js";

describe("CoveredRanges", () => {
  test("reads in order add up", () => {
    const covered = new CoveredRanges();
    expect(covered.add(0, 8)).toBe(8);
    expect(covered.add(0, 1024)).toBe(1024);
    expect(covered.add(1024, 2048)).toBe(2048);
  });

  test("a Parquet file's end read first, then its body: the overlap is counted once", () => {
    const covered = new CoveredRanges();
    expect(covered.add(0, 8)).toBe(8);
    expect(covered.add(992, 1000)).toBe(16);
    expect(covered.add(500, 1000)).toBe(508);
    expect(covered.add(8, 500)).toBe(1000);
    expect(covered.add(0, 1000)).toBe(1000);
  });

  test("matches a byte map on seeded random reads", () => {
    const seed = 20261203;
    let state = seed;
    const next = (n: number) => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const covered = new CoveredRanges();
    const bytes = new Uint8Array(5000);
    for (let i = 0; i < 500; i++) {
      const start = next(5000);
      const end = start + next(300);
      bytes.fill(1, start, Math.min(end, 5000));
      expect(covered.add(start, Math.min(end, 5000)), `seed ${seed}, read ${i}`).toBe(bytes.reduce((n, b) => n + b, 0));
    }
  });
});
