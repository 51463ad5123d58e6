import { describe, expect, it } from "vitest";
import { toolSchemas } from "./tool-schemas.js";

const MESSAGE = "traceReport: option tools: expected an array of OpenAI function schemas (plain objects), got ";

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

  it("rejects anything that is not a schema with a TypeError naming the item and its type", () => {
    const cases: [unknown, string][] = [
      ["lookup_order", "string"],
      [3, "number"],
      [2.5, "number"],
      [true, "boolean"],
      [null, "null"],
      [[{ name: "a" }], "array"],
      [new Map(), "Map"],
    ];
    for (const [item, type] of cases) {
      expect(() => toolSchemas([{ name: "ok" }, item])).toThrow(new TypeError(`${MESSAGE}${type} at index 1`));
    }
  });

  it("rejects functions: a JS function has no type hints to build a schema from", () => {
    function lookupOrder(orderId: string): string {
      return orderId;
    }
    expect(() => toolSchemas([lookupOrder])).toThrow(TypeError);
    expect(() => toolSchemas([lookupOrder])).toThrow(MESSAGE + "function at index 0");
  });

  it("iterates a dict's keys and a string's characters as Python does, naming the whole value when it throws", () => {
    expect(() => toolSchemas({ name: "lookup" })).toThrow(MESSAGE + "an object (a single schema goes in an array)");
    expect(toolSchemas({})).toEqual([]);
    expect(() => toolSchemas("ab")).toThrow(MESSAGE + "a string");
    expect(toolSchemas("")).toEqual([]);
  });

  it("throws a TypeError for a value that is not iterable, where Python does", () => {
    expect(() => toolSchemas(5)).toThrow(new TypeError(MESSAGE + "number"));
    expect(() => toolSchemas(true)).toThrow(new TypeError(MESSAGE + "boolean"));
  });
});
