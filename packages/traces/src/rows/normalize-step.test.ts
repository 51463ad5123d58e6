import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { ARG_KEYS, RESULT_KEYS } from "../constants.js";
import { has, type Dict } from "@whileai/hash-embed/internal";
import { normalizeOwnStep, normalizeStep } from "./normalize-step.js";
import { withKeyMoved } from "./object.js";

describe("normalizeStep", () => {
  afterEach(() => {
    ARG_KEYS.splice(0, ARG_KEYS.length, "arguments", "input", "args", "parameters");
    RESULT_KEYS.splice(0, RESULT_KEYS.length, "result", "output", "response");
  });

  it("moves the first present alias only, appending arguments then result (traces.md §3.2)", () => {
    const out = normalizeStep({ output: "r", tool: "x", input: 1, args: 2 });
    expect(out).toEqual({ tool: "x", args: 2, arguments: 1, result: "r" });
    expect(Object.keys(out)).toEqual(["tool", "args", "arguments", "result"]);
  });

  it("returns a step without a tool key as the same object", () => {
    const step = { user: "hi", input: 1 };
    expect(normalizeStep(step)).toBe(step);
  });

  it("copies a tool step even when nothing moves, and never mutates it", () => {
    const step = { tool: "x", arguments: { a: 1 }, input: 2, result: 3, output: 4 };
    const out = normalizeStep(step);
    expect(out).not.toBe(step);
    expect(out).toEqual(step);
    expect(out.arguments).toBe(step.arguments);
    const aliased = { tool: "y", parameters: "{}" };
    normalizeStep(aliased);
    expect(aliased).toEqual({ tool: "y", parameters: "{}" });
  });

  it("counts a present alias even when its value is null, and never converts values", () => {
    expect(normalizeStep({ tool: "x", input: null, args: { a: 1 }, response: "{}" })).toEqual({ tool: "x", args: { a: 1 }, arguments: null, result: "{}" });
    expect(normalizeStep({ tool: null })).toEqual({ tool: null });
  });

  it("reads the alias arrays at call time", () => {
    ARG_KEYS.push("params");
    RESULT_KEYS.push("observation");
    expect(normalizeStep({ tool: "x", params: 1, observation: 2 })).toEqual({ tool: "x", arguments: 1, result: 2 });
  });

  it("keeps a __proto__ key as data", () => {
    const step = JSON.parse('{"tool": "x", "__proto__": {"p": 1}, "input": 2}');
    const out = normalizeStep(step);
    expect(Object.keys(out)).toEqual(["tool", "__proto__", "arguments"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});

/** The rename as specified: the argument alias moved first, then the result alias, one copy each. */
function renamedOneByOne(step: Dict): Dict {
  if (!has(step, "tool")) return step;
  const renameFirst = (from: Dict, aliases: readonly string[], target: string): Dict => {
    if (has(from, target)) return from;
    for (const key of aliases) if (has(from, key)) return withKeyMoved(from, key, target);
    return from;
  };
  return renameFirst(renameFirst(step, ARG_KEYS, "arguments"), RESULT_KEYS, "result");
}

describe("normalizeOwnStep", () => {
  afterEach(() => {
    ARG_KEYS.splice(0, ARG_KEYS.length, "arguments", "input", "args", "parameters");
    RESULT_KEYS.splice(0, RESULT_KEYS.length, "result", "output", "response");
  });

  const KEYS = ["tool", "arguments", "result", "input", "args", "parameters", "output", "response", "params", "constructor", "__proto__", "toString", "x"];
  // Entries through Object.fromEntries, so a "__proto__" key is data, as JSON.parse makes it.
  const step = fc
    .array(fc.tuple(fc.constantFrom(...KEYS), fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 3 }))), { maxLength: 8 })
    .map((entries) => Object.fromEntries(entries) as Dict);
  // Alias lists a caller may have extended, some naming the other rename's keys.
  const extensions = fc.constantFrom<[string[], string[]]>(
    [[], []],
    [["params"], ["observation"]],
    [[], ["arguments"]],
    [["result"], []],
    [[], ["input"]],
    [["output"], []],
    [["constructor"], ["toString"]],
    [["__proto__"], ["__proto__"]],
  );

  it("moves both aliases in one copy exactly as renaming one by one does, key order included", () => {
    fc.assert(
      fc.property(step, extensions, (source, [args, results]) => {
        ARG_KEYS.splice(4, ARG_KEYS.length, ...args);
        RESULT_KEYS.splice(3, RESULT_KEYS.length, ...results);
        const before = Object.entries(source);
        const out = normalizeOwnStep(source);
        const expected = renamedOneByOne(source);
        expect(Object.entries(out)).toEqual(Object.entries(expected));
        expect(out === source).toBe(expected === source);
        expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
        expect(Object.entries(source)).toEqual(before);
      }),
      { numRuns: 3000 },
    );
  });
});
