import { describe, expect, it } from "vitest";
import { blockText } from "./block-text.js";

describe("blockText", () => {
  it("returns a string unchanged, not stripped", () => {
    expect(blockText("  hi \n")).toBe("  hi \n");
    expect(blockText("")).toBe("");
  });
  it("joins the non-empty text blocks of a list with newlines", () => {
    const blocks = [
      { type: "text", text: "one" },
      { type: "tool_use", text: "not text" },
      { type: "text", text: "" },
      { type: "text" },
      "loose string",
      { type: "text", text: 5 },
      { type: "text", text: { a: 1 } },
      { type: "text", text: 0 },
    ];
    expect(blockText(blocks)).toBe("one\n5\n{'a': 1}");
    expect(blockText([])).toBe("");
  });
  it("gives '' for null and Python's str() for anything else", () => {
    expect(blockText(null)).toBe("");
    expect(blockText(undefined)).toBe("");
    expect(blockText({ a: 1 })).toBe("{'a': 1}");
    expect(blockText(5)).toBe("5");
    expect(blockText(2.5)).toBe("2.5");
    expect(blockText(true)).toBe("True");
    expect(blockText(false)).toBe("False");
  });
});
