import { describe, expect, it } from "vitest";
import { promptOf } from "./prompt-of.js";

describe("promptOf", () => {
  it("reads a dict's prompt, stripped of Python whitespace", () => {
    expect(promptOf({ prompt: "  where is order 4412\u3000" })).toBe("where is order 4412");
    expect(promptOf({ prompt: "\x1cx\x85" })).toBe("x");
  });

  it("gives '' for a dict with a falsy or missing prompt", () => {
    expect(promptOf({ prompt: null })).toBe("");
    expect(promptOf({ prompt: 0 })).toBe("");
    expect(promptOf({ prompt: [] })).toBe("");
    expect(promptOf({ no_prompt: 1 })).toBe("");
  });

  it("prints a non-string prompt with Python str()", () => {
    expect(promptOf({ prompt: 42 })).toBe("42");
    expect(promptOf({ prompt: 2.5 })).toBe("2.5");
    expect(promptOf({ prompt: true })).toBe("True");
    expect(promptOf({ prompt: { q: "hi" } })).toBe("{'q': 'hi'}");
  });

  it("strips a string row and prints any other value", () => {
    expect(promptOf("  hi there ")).toBe("hi there");
    expect(promptOf(null)).toBe("");
    expect(promptOf(undefined)).toBe("");
    expect(promptOf(0)).toBe("");
    expect(promptOf(7)).toBe("7");
    expect(promptOf([{ prompt: "x" }])).toBe("[{'prompt': 'x'}]");
  });
});
