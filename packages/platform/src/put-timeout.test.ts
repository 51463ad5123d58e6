import { describe, expect, it } from "vitest";
import { putTimeoutFor } from "./put-timeout.js";

describe("putTimeoutFor", () => {
  it("is 120 s plus 4 s per megabyte (§2)", () => {
    expect(putTimeoutFor(0)).toBe(120);
    expect(putTimeoutFor(117_000_000)).toBe(588.0);
    expect(putTimeoutFor(1)).toBe(120.000004);
    expect(putTimeoutFor(999_999)).toBe(123.999996);
  });

  it("rounds as Python's float arithmetic does", () => {
    expect(putTimeoutFor(123_456_789)).toBe(613.8271560000001);
  });
});
