import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { promptOf } from "./prompt-of.js";
import { pyStrip } from "./text.js";

describe("promptOf", () => {
  it("reads every Python-falsy prompt or item as ''", () => {
    for (const falsy of [null, undefined, false, 0, -0, 0.0, "", [], {}, new Map()]) {
      expect(promptOf({ prompt: falsy })).toBe("");
      expect(promptOf(falsy)).toBe("");
    }
  });

  it("prints a truthy non-string with Python str(), then strips it", () => {
    expect(promptOf({ prompt: NaN })).toBe("nan");
    expect(promptOf({ prompt: 1e16 })).toBe("10000000000000000");
    expect(promptOf({ prompt: [" a "] })).toBe("[' a ']");
    expect(promptOf(new Map([["prompt", " x "]]))).toBe("{'prompt': ' x '}");
    expect(promptOf(Object.assign(Object.create(null), { prompt: "\u3000q\x1f" }))).toBe("q");
  });

  it("treats a dict's non-dict prompt as the item itself, and never throws", () => {
    fc.assert(
      fc.property(fc.anything({ withMap: true, withBigInt: true, withNullPrototype: true }), (value) => {
        const text = promptOf(value);
        expect(pyStrip(text)).toBe(text);
        if (!(typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Map))) {
          expect(promptOf({ prompt: value })).toBe(text);
        }
      }),
    );
  });
});
