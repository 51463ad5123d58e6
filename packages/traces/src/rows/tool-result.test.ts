import { describe, expect, it } from "vitest";
import { coerceResult, errored, parseJsonOr, parseJsonShared } from "./tool-result.js";

describe("coerceResult", () => {
  it("parses JSON text and keeps other text (traces.md §3.4 examples)", () => {
    expect(coerceResult("42")).toBe(42);
    expect(coerceResult("null")).toBe(null);
    expect(coerceResult('{"status": "ok", "x": 1.0}')).toEqual({ status: "ok", x: 1 });
    expect(coerceResult("ok")).toBe("ok");
    expect(coerceResult(null)).toBe("");
    expect(coerceResult({ a: 1 })).toBe("{'a': 1}");
    expect(coerceResult(true)).toBe("True");
  });
  it("reads content blocks as their text first", () => {
    expect(coerceResult([{ type: "text", text: "[1," }, { type: "text", text: "2]" }])).toEqual([1, 2]);
    expect(coerceResult([{ type: "image" }])).toBe("");
  });
});

describe("parseJsonOr", () => {
  it("answers text that cannot open JSON without parsing, and parses what can", () => {
    expect(parseJsonOr("  \n 7 ")).toBe(7);
    expect(parseJsonOr("thanks")).toBe("thanks");
    expect(parseJsonOr("true")).toBe(true);
    expect(parseJsonOr("-Infinity")).toBe(-Infinity);
    expect(parseJsonOr("\u00a0 1")).toBe("\u00a0 1"); // not JSON whitespace
    expect(parseJsonOr("")).toBe("");
    expect(parseJsonOr("{'a': 1}")).toBe("{'a': 1}");
  });
});

describe("errored", () => {
  it("wraps scalars and lists (traces.md §3.4 examples)", () => {
    expect(errored("denied")).toEqual({ error: "denied", status: "error" });
    expect(errored(42)).toEqual({ error: "42", status: "error" });
    expect(errored(null)).toEqual({ error: "null", status: "error" });
    expect(errored([1, 2])).toEqual({ error: "[1, 2]", status: "error" });
  });
  it("adds error and status to a dict only where absent, keeping key order", () => {
    const out = errored({ code: 403 });
    expect(out).toEqual({ code: 403, error: '{"code": 403}', status: "error" });
    expect(Object.keys(out)).toEqual(["code", "error", "status"]);
    const kept = errored({ status: "denied", error: null });
    expect(kept).toEqual({ status: "denied", error: null });
    expect(Object.keys(kept)).toEqual(["status", "error"]);
  });
  it("does not mutate the result", () => {
    const result = { code: 1 };
    errored(result);
    expect(result).toEqual({ code: 1 });
  });
  it("takes the error text from the source JSON, so float literals read as Python writes them", () => {
    expect(errored({ price: 298 }, '{"price":298.0}').error).toBe('{"price": 298.0}');
    expect(errored([1], "[1e2]").error).toBe("[100.0]");
    expect(errored("s", '"s"').error).toBe("s");
  });
});

describe("parseJsonShared", () => {
  it("answers as parseJsonOr does, one value per text", () => {
    for (const text of ['{"status": "ok"}', "[1, 2.5]", "plain", "", "NaN", '"s"']) expect(parseJsonShared(text)).toEqual(parseJsonOr(text));
    expect(parseJsonShared('{"status": "ok"}')).toBe(parseJsonShared('{"status": "ok"}'));
  });
});
