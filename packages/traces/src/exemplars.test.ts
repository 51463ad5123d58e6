import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pyJsonDumps } from "@whileai/hash-embed/internal";
import { exemplarResultShapes, exemplarShapeKey, exemplarValue, exemplarShapeKeyText, mineResultExemplars, trimExemplar, trimExemplarText } from "./exemplars.js";

const rowOf = (...steps: unknown[]) => ({ prompt: "p", steps });
const call = (result: unknown, tool: unknown = "t") => ({ tool, result });

describe("exemplarValue", () => {
  it("parses JSON text and keeps other text", () => {
    expect(exemplarValue('{"a": [1, NaN]}')).toEqual({ a: [1, NaN] });
    expect(exemplarValue(" 5 ")).toBe(5);
    expect(exemplarValue("Order shipped")).toBe("Order shipped");
    expect(exemplarValue({ a: 1 })).toEqual({ a: 1 });
  });
});

describe("exemplarShapeKey", () => {
  it("names records by their sorted first ten keys, lists by their first item, text by length band", () => {
    expect(exemplarShapeKey({ b: 1, a: 2 })).toBe("dict:a,b");
    expect(exemplarShapeKey(Object.fromEntries("lkjihgfedcba".split("").map((k) => [k, 1])))).toBe("dict:a,b,c,d,e,f,g,h,i,j");
    expect(exemplarShapeKey([{ id: 1 }])).toBe("list:dict:id");
    expect(exemplarShapeKey([[]])).toBe("list:list:empty");
    expect(exemplarShapeKey("x".repeat(99))).toBe("str:0");
    expect(exemplarShapeKey("x".repeat(250))).toBe("str:2");
    expect(exemplarShapeKey("x".repeat(4000))).toBe("str:4");
    // Length in code points: 150 emoji are 300 UTF-16 units.
    expect(exemplarShapeKey("😀".repeat(150))).toBe("str:1");
  });

  it("names scalars by their Python type, a whole number being an int", () => {
    expect(exemplarShapeKey(5)).toBe("int");
    expect(exemplarShapeKey(0.5)).toBe("float");
    expect(exemplarShapeKey(true)).toBe("bool");
    expect(exemplarShapeKey(null)).toBe("NoneType");
  });

  it("sorts keys by code point", () => {
    expect(exemplarShapeKey({ "\u{1F600}": 1, "\uFF5E": 2 })).toBe("dict:\uFF5E,\u{1F600}");
  });
});

describe("trimExemplar", () => {
  it("cuts long text to 160 code points with an ellipsis", () => {
    expect(trimExemplar("x".repeat(160))).toBe("x".repeat(160));
    expect(trimExemplar("x".repeat(161))).toBe("x".repeat(157) + "...");
    expect(trimExemplar("é".repeat(200))).toBe("é".repeat(157) + "...");
    expect(trimExemplar("😀".repeat(161))).toBe("😀".repeat(157) + "...");
  });

  it("keeps two list items and twelve record keys, recursively", () => {
    expect(trimExemplar([1, 2, 3])).toEqual([1, 2]);
    const big = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`k${String(i).padStart(2, "0")}`, [i, i, i]]));
    const trimmed = trimExemplar(big) as Record<string, unknown>;
    expect(Object.keys(trimmed)).toHaveLength(12);
    expect(trimmed.k00).toEqual([0, 0]);
    expect(trimmed.k12).toBeUndefined();
  });
});

describe("mineResultExemplars", () => {
  it("keeps one clean exemplar per shape, up to three per tool", () => {
    const row = rowOf(
      call({ status: "ok", order_id: "ORD-1", total: 12.5 }, "lookup_order"),
      call({ status: "ok", order_id: "ORD-2", total: 99 }, "lookup_order"),
      call({ status: "ok" }, "lookup_order"),
      call({ status: "timeout" }, "lookup_order"),
      call([{ sku: "A" }, { sku: "B" }, { sku: "C" }], "lookup_order"),
      call("Order ORD-3 shipped", "lookup_order"),
      call({ eta: "Friday" }, "lookup_order"),
    );
    expect(mineResultExemplars([row])).toEqual({
      lookup_order: [{ status: "ok", order_id: "ORD-1", total: 12.5 }, [{ sku: "A" }, { sku: "B" }], "Order ORD-3 shipped"],
    });
    expect(mineResultExemplars([row], { perTool: 1 })).toEqual({ lookup_order: [{ status: "ok", order_id: "ORD-1", total: 12.5 }] });
  });

  it("skips empty, falsy, bare-status and faulted results", () => {
    const row = rowOf(
      call(null),
      call(0),
      call(""),
      call("null"),
      call("[]"),
      call("0"),
      call({}),
      call({ ok: true }),
      call({ status: "ok", ok: true }),
      call({ status: "ok", stale: true, v: 1 }),
      call({ error: "x", v: 3 }),
      call('{"status": "timeout", "v": 4}'),
      call({ status: "paid", v: 2 }),
      call("<<garbled resp0nse"),
    );
    // A raw garbled string is not a fault: only a dict (or JSON text of one) is graded.
    expect(mineResultExemplars([row])).toEqual({ t: [{ status: "paid", v: 2 }, "<<garbled resp0nse"] });
  });

  it("compares per_tool as Python does: a bool is an int, NaN never fills, a non-number raises once reached", () => {
    const row = rowOf(call({ a: 1 }), call([1]), call("text"));
    expect(mineResultExemplars([row], { perTool: true as never })).toEqual({ t: [{ a: 1 }] });
    expect(mineResultExemplars([row], { perTool: false as never })).toEqual({});
    expect(mineResultExemplars([row], { perTool: NaN })).toEqual({ t: [{ a: 1 }, [1], "text"] });
    expect(mineResultExemplars([row], { perTool: Infinity })).toEqual({ t: [{ a: 1 }, [1], "text"] });
    // len(kept) >= None raises TypeError only when a candidate reaches the cap.
    expect(() => mineResultExemplars([row], { perTool: null as never })).toThrow(new TypeError("mineResultExemplars: option perTool must be a number, got null"));
    expect(() => mineResultExemplars([row], { perTool: "3" as never })).toThrow(TypeError);
    expect(mineResultExemplars([rowOf(call({ status: "timeout" }))], { perTool: "3" as never })).toEqual({});
    expect(mineResultExemplars([], { perTool: null as never })).toEqual({});
  });

  it("keeps the first twelve keys of a JSON text result in the text's order, as Python does", () => {
    // Thirteen keys, "10" and "2" last: a parsed JS object would move them first and drop "k10".
    const keys = [...Array.from({ length: 11 }, (_, i) => `k${i}`), "10", "2"];
    const text = `{${keys.map((k) => `"${k}": {"${k}": 1, "1": [1, 2, 3]}`).join(", ")}}`;
    const [kept] = mineResultExemplars([rowOf(call(text))]).t as Record<string, unknown>[];
    expect(Object.keys(kept).sort()).toEqual([...keys.slice(0, 12)].sort());
    expect(kept.k0).toEqual({ k0: 1, 1: [1, 2] });
    expect(trimExemplarText('{"a": "' + "é".repeat(170) + '", "b": [NaN, -Infinity, 1]}')).toEqual({ a: "é".repeat(157) + "...", b: [NaN, -Infinity] });
  });

  it("reads float literals in a JSON text result as Python does: shape, serialized size, fault", () => {
    // [1.0, 2] is "list:float" and [3, 4] "list:int": two shapes, where JS numbers see one.
    expect(mineResultExemplars([rowOf(call("[1.0, 2]"), call("[3, 4]"))])).toEqual({ t: [[1, 2], [3, 4]] });
    // json.dumps writes {"a": 1.0}: ten characters, not eight.
    expect(mineResultExemplars([rowOf(call('{"a": 1.0}'))], { maxChars: 9 })).toEqual({});
    expect(mineResultExemplars([rowOf(call('{"a": 1.0}'))], { maxChars: 10 })).toEqual({ t: [{ a: 1 }] });
    // A 404.0 status is no HTTP code, so the payload is clean.
    expect(mineResultExemplars([rowOf(call('{"status": 404.0, "v": 1}'))])).toEqual({ t: [{ status: 404, v: 1 }] });
    expect(mineResultExemplars([rowOf(call("2.5"), call("7"), call("NaN"), call("true"))])).toEqual({ t: [2.5, 7, true] });
    expect(exemplarShapeKeyText('[{"b": 1, "10": 2, "a": [1.5]}]')).toBe("list:dict:10,a,b");
  });

  it("stores the parsed JSON of a string result, and reads aliased result keys", () => {
    const row = rowOf({ tool: "t", output: '{"id": 7, "name": "x"}' }, { tool: "u", response: [1, 2, 3] });
    expect(mineResultExemplars([row])).toEqual({ t: [{ id: 7, name: "x" }], u: [[1, 2]] });
  });

  it("does not mark an oversized exemplar's shape as seen", () => {
    const row = rowOf(call({ text: "x".repeat(100) }), call({ text: "short" }));
    // {"text": "short"} is 17 characters serialized; the first one is 112.
    expect(mineResultExemplars([row], { maxChars: 17 })).toEqual({ t: [{ text: "short" }] });
    expect(mineResultExemplars([row], { maxChars: 16 })).toEqual({});
  });

  it("measures the serialized size as Python's ASCII json.dumps does", () => {
    // "é" serializes as \u00e9: 6 characters, so {"a": "é"} is 15 long.
    expect(mineResultExemplars([rowOf(call({ a: "é" }))], { maxChars: 15 })).toEqual({ t: [{ a: "é" }] });
    expect(mineResultExemplars([rowOf(call({ a: "é" }))], { maxChars: 14 })).toEqual({});
  });

  it("reads max_chars through int(): a float truncates, a bad value keeps nothing", () => {
    expect(mineResultExemplars([rowOf(call({ a: "é" }))], { maxChars: 15.9 })).toEqual({ t: [{ a: "é" }] });
    expect(mineResultExemplars([rowOf(call({ a: "é" }))], { maxChars: " 1_5 " })).toEqual({ t: [{ a: "é" }] });
    expect(mineResultExemplars([rowOf(call({ a: "é" }))], { maxChars: "lots" })).toEqual({});
    // int() keeps \x1c-\x1f (str.strip() would drop them) and raises, so nothing is kept.
    expect(mineResultExemplars([rowOf(call({ a: "é" }))], { maxChars: "\x1c15" })).toEqual({});
    expect(mineResultExemplars([rowOf(call({ a: "é" }))], { maxChars: "\u300015\x85" })).toEqual({ t: [{ a: "é" }] });
    // A Kawi digit (Unicode 15) is no digit to Python 3.11's int().
    expect(mineResultExemplars([rowOf(call({ a: "é" }))], { maxChars: "1\u{11f55}" })).toEqual({});
  });

  it("names tools through str()", () => {
    const out = mineResultExemplars([rowOf(call({ a: 1 }, "b"), call({ a: 1 }, 1), call({ a: 1 }, true))]);
    expect(out).toEqual({ b: [{ a: 1 }], "1": [{ a: 1 }], True: [{ a: 1 }] });
  });

  it("skips non-dict rows and steps, steps without a truthy tool, and non-list steps", () => {
    const rows = ["x", 5, null, { steps: "abc" }, { steps: 7 }, rowOf("s", 3, { tool: "", result: { a: 1 } }, { result: { a: 1 } }, { tool: "t" })];
    expect(mineResultExemplars(rows)).toEqual({});
    expect(mineResultExemplars([])).toEqual({});
    expect(mineResultExemplars(null)).toEqual({});
  });

  it("rejects Python-spelled options by name", () => {
    expect(() => mineResultExemplars([], { per_tool: 1 } as never)).toThrow(/per_tool/);
  });
});

describe("exemplarResultShapes", () => {
  it("takes the first record, or wraps the first record of a list, per tool", () => {
    const exemplars = { a: ["text", { k: 1 }, { z: 2 }], b: [[{ sku: "A" }, { sku: "B" }]], c: ["only text", 3], d: [[], [1, 2], {}], e: [] };
    expect(exemplarResultShapes(exemplars)).toEqual({ a: { k: 1 }, b: { results: [{ sku: "A" }] } });
  });

  it("copies the records it returns", () => {
    const record = { k: 1 };
    const shapes = exemplarResultShapes({ a: [record] });
    expect(shapes.a).toEqual(record);
    expect(shapes.a).not.toBe(record);
  });

  it("accepts a list whose first record is empty", () => {
    expect(exemplarResultShapes({ a: [[{}]] })).toEqual({ a: { results: [{}] } });
  });

  it("answers {} for empty or non-dict input, and reads a Map", () => {
    expect(exemplarResultShapes({})).toEqual({});
    expect(exemplarResultShapes(null)).toEqual({});
    expect(exemplarResultShapes(new Map([["t", [{ a: 1 }]]]))).toEqual({ t: { a: 1 } });
    expect(exemplarResultShapes({ t: "not a list" })).toEqual({});
  });

  it("feeds on mineResultExemplars' output", () => {
    const mined = mineResultExemplars([rowOf(call("plain text"), call([{ id: 1 }, { id: 2 }]), call({ id: 3, name: "n" }))]);
    expect(exemplarResultShapes(mined)).toEqual({ t: { results: [{ id: 1 }] } });
  });
});

describe("on arbitrary JSON", () => {
  it("mineResultExemplars and exemplarResultShapes never throw, and keep every exemplar within maxChars", () => {
    const step = fc.dictionary(fc.constantFrom("tool", "result", "output", "response", "status"), fc.jsonValue({ maxDepth: 3 }));
    const row = fc.dictionary(fc.constantFrom("steps", "prompt"), fc.oneof(fc.array(step, { maxLength: 5 }), fc.jsonValue({ maxDepth: 2 })));
    fc.assert(
      fc.property(fc.array(fc.oneof(row, fc.jsonValue({ maxDepth: 2 })), { maxLength: 6 }), fc.integer({ min: 0, max: 400 }), (rows, maxChars) => {
        const mined = mineResultExemplars(rows, { maxChars });
        for (const kept of Object.values(mined)) {
          expect(kept.length).toBeGreaterThan(0);
          for (const value of kept) expect(pyJsonDumps(value).length).toBeLessThanOrEqual(maxChars);
        }
        exemplarResultShapes(mined);
      }),
      { numRuns: 200 },
    );
  });
});
