import { afterEach, describe, expect, it } from "vitest";
import { ARG_KEYS, RESULT_KEYS } from "../constants.js";
import { normalizeStep } from "./normalize-step.js";

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
