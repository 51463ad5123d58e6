import { describe, expect, it } from "vitest";
import { toolSchemas } from "./tool-schemas.js";

const MESSAGE = "tools= takes @wai.tool functions, plain functions or OpenAI function schemas (dicts); got ";

describe("toolSchemas", () => {
  it("keeps the caller's 'no tools' branch: null and undefined give null", () => {
    expect(toolSchemas(null)).toBeNull();
    expect(toolSchemas(undefined)).toBeNull();
  });

  it("passes plain objects through unchanged, without validating them", () => {
    const schema = { type: "function", function: { name: "lookup_order", parameters: { type: "object" } } };
    const bare = { name: "x" };
    const odd = {};
    const out = toolSchemas([schema, bare, odd]);
    expect(out).toEqual([schema, bare, odd]);
    expect(out?.[0]).toBe(schema);
  });

  it("gives an empty list for an empty list, and walks other iterables", () => {
    expect(toolSchemas([])).toEqual([]);
    const schema = { name: "a" };
    expect(toolSchemas(new Set([schema]))).toEqual([schema]);
  });

  it("rejects anything that is not a schema with Python's TypeError, naming the type", () => {
    const cases: [unknown, string][] = [
      ["lookup_order", "str"],
      [3, "int"],
      [2.5, "float"],
      [true, "bool"],
      [null, "NoneType"],
      [[{ name: "a" }], "list"],
      [new Map(), "Map"],
    ];
    for (const [item, type] of cases) {
      expect(() => toolSchemas([{ name: "ok" }, item])).toThrow(new TypeError(MESSAGE + type));
    }
  });

  it("rejects functions: a JS function has no type hints to build a schema from", () => {
    function lookupOrder(orderId: string): string {
      return orderId;
    }
    expect(() => toolSchemas([lookupOrder])).toThrow(TypeError);
    expect(() => toolSchemas([lookupOrder])).toThrow(MESSAGE + "function");
  });

  it("iterates a dict's keys and a string's characters as Python does", () => {
    expect(() => toolSchemas({ name: "lookup" })).toThrow(MESSAGE + "str");
    expect(toolSchemas({})).toEqual([]);
    expect(() => toolSchemas("ab")).toThrow(MESSAGE + "str");
    expect(toolSchemas("")).toEqual([]);
  });

  it("raises Python's TypeError for a value that is not iterable", () => {
    expect(() => toolSchemas(5)).toThrow(new TypeError("'int' object is not iterable"));
    expect(() => toolSchemas(true)).toThrow(new TypeError("'bool' object is not iterable"));
  });
});
