import { isDeepStrictEqual } from "node:util";
import { expect } from "vitest";

/** Deep equality of two row lists, failing on the first differing row rather than diffing 100,000. */
export function expectSameRows(actual: unknown[], expected: unknown[]): void {
  expect(actual.length).toBe(expected.length);
  const first = expected.findIndex((row, i) => !isDeepStrictEqual(actual[i], row));
  if (first >= 0) expect(actual[first], `row ${first}`).toEqual(expected[first]);
}
