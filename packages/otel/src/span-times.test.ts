// A span's start as rows_from_otel reads it (platform-and-otel.md §5.4): Python's int() of the
// first truthy time field, through the shared pyIntExactOr (this package's own int() is gone).
import { describe, expect, it } from "vitest";
import * as py from "@whileai/hash-embed/internal";
import { startOf } from "./group.js";

describe("startOf", () => {
  it.each([
    ["1725317608594409008", 1725317608594409008n],
    [" 42\n", 42n],
    ["+7", 7n],
    ["1_000", 1000n],
    ["١٢", 12n], // Arabic-Indic digits, which int() accepts
    [1.9, 1n],
    [true, 1n],
    [1725317608594409008n, 1725317608594409008n], // a protobuf decoder's 64-bit value
  ])("int(startTimeUnixNano=%s) is %s", (value, want) => expect(startOf({ startTimeUnixNano: value })).toBe(want));

  it("reads plain digits (the quick path) as the shared int() does, leading zeros and 20 digits included", () => {
    for (const text of ["0001", "7", "18446744073709551615", "99999999999999999999", "123456789012345678901"]) {
      expect(startOf({ startTimeUnixNano: text })).toBe(py.pyIntExact(text));
    }
  });

  it("falls back to the millisecond fields when the nanoseconds read as 0", () => {
    expect(startOf({ startTimeUnixNano: "0", startedMs: "12" })).toBe(12_000_000n);
    expect(startOf({ start_time_unix_nano: 0, startTimeMs: 3.5 })).toBe(3_000_000n);
    expect(startOf({})).toBe(0n);
  });

  it.each(["1.5", "0x10", "1__0", "1e3", "abc"])("raises Python's ValueError for startTimeUnixNano=%j", (text) => {
    expect(() => startOf({ startTimeUnixNano: text })).toThrow(/^invalid literal for int\(\) with base 10: /);
  });

  it("raises on NaN and infinity as Python does", () => {
    expect(() => startOf({ startTimeUnixNano: NaN })).toThrow("cannot convert float NaN to integer");
    expect(() => startOf({ startTimeUnixNano: Infinity })).toThrow(new RangeError("cannot convert float infinity to integer"));
  });

  it("reads a dict or list, where Python raises TypeError, as no time", () => {
    expect(startOf({ startTimeUnixNano: { a: 1 } })).toBe(0n);
    expect(startOf({ startTimeUnixNano: [1], startedMs: [2] })).toBe(0n);
  });
});
