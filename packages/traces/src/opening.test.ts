import { describe, expect, it } from "vitest";
import { openingShare } from "./opening.js";

const opened = (role: unknown) => ({ messages: [{ role, content: "hi" }, { role: "user", content: "x" }] });

describe("openingShare", () => {
  it("is the share of dict rows opened by the assistant", () => {
    expect(openingShare([opened("assistant"), opened("user"), opened("system"), { prompt: "no messages" }])).toBe(0.25);
    expect(openingShare([opened("assistant")])).toBe(1);
  });

  it("is 0.0 with no dict rows", () => {
    expect(openingShare([])).toBe(0);
    expect(openingShare([null, "row", [opened("assistant")]])).toBe(0);
    // Python iterates a dict argument by its keys, none of which is a row.
    expect(openingShare(opened("assistant") as never)).toBe(0);
  });

  it("leaves non-dict rows out of the denominator", () => {
    expect(openingShare([null, 3, opened("assistant"), { messages: [] }])).toBe(0.5);
  });

  it("needs a non-empty list whose first element is a dict with role exactly 'assistant'", () => {
    const rows = [
      { messages: "assistant" },
      { messages: { role: "assistant" } },
      { messages: ["assistant"] },
      { messages: [null, { role: "assistant" }] },
      opened("Assistant"),
      opened(" assistant"),
      opened(null),
      { messages: [{ content: "no role" }] },
    ];
    expect(openingShare(rows)).toBe(0);
  });

  it("reads the role with str()", () => {
    expect(openingShare([opened(["assistant"])])).toBe(0);
    expect(openingShare([opened("assistant"), opened(0)])).toBe(0.5);
  });
});
