import { describe, expect, it } from "vitest";
import { base64, jsonObject, jsonValue } from "./values.js";

describe("table cells as JSON values", () => {
  it("keeps an int64 a number only while a double holds it exactly", () => {
    expect(jsonValue(42n)).toBe(42);
    expect(jsonValue(2n ** 60n)).toBe(2 ** 60);
    expect(jsonValue(2n ** 53n + 1n)).toBe("9007199254740993");
    expect(jsonValue(-(2n ** 63n) + 1n)).toBe("-9223372036854775807");
  });

  it("writes timestamps as ISO strings and binary as base64", () => {
    expect(jsonValue(new Date(Date.UTC(2026, 10, 30, 12, 34, 56, 789)))).toBe("2026-11-30T12:34:56.789Z");
    expect(jsonValue(new Date(Number.NaN))).toBeNull();
    expect(jsonValue(new Uint8Array([0xde, 0xad, 0xbe, 0xef]))).toBe("3q2+7w==");
  });

  it("drops null fields at every depth (a table stores the union of keys) and keeps list nulls in place", () => {
    expect(jsonObject(Object.entries({ a: null, b: { c: null, d: 1n }, e: [null, { f: null }], g: new Map([["k", 2n]]) }))).toEqual({ b: { d: 1 }, e: [null, {}], g: { k: 2 } });
    expect(jsonValue(new Float64Array([1.5, 2]))).toEqual([1.5, 2]);
  });

  it("encodes base64 as the standard alphabet with padding (seeded random bytes)", () => {
    let state = 7;
    for (let n = 0; n < 200; n++) {
      const bytes = new Uint8Array(n % 37);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (state = (state * 1103515245 + 12345) >>> 0) >>> 24;
      expect({ seed: 7, n, text: base64(bytes) }).toEqual({ seed: 7, n, text: Buffer.from(bytes).toString("base64") });
    }
  });
});
