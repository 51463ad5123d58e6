import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseValue } from "./attributes.js";
import { HistoryParser } from "./history-parse.js";

describe("HistoryParser", () => {
  it("parses a growing history as parseValue parses each list whole", () => {
    const history = new HistoryParser();
    const texts = ['[{"role":"user","content":"hi"}]', '[{"role":"user","content":"hi"} ,{"role":"tool","content":NaN}]', '[{"role":"user","content":"hi"} ,{"role":"tool","content":NaN},]', "[1, 2]", " [1, 2, 3] ", "[1, 2, 3, [4]]", "not json", "[1, 2, 3, [4], 5]"];
    for (const text of texts) expect(history.parse(text)).toEqual(parseValue(text));
  });

  it("answers as parseValue on any sequence of list-like texts", () => {
    const item = fc.constantFrom("1", '"a"', '{"k":[1]}', "NaN", "[]", "{", "]", " ", ",");
    const text = fc.array(item, { maxLength: 6 }).map((items) => `[${items.join(",")}]`);
    fc.assert(
      fc.property(fc.array(text, { maxLength: 8 }), (texts) => {
        const history = new HistoryParser();
        let previous = "";
        for (const t of texts) {
          // Grow the previous text as a repeated history does, where both have items.
          const grown = previous.length > 2 && t.length > 2 ? `${previous.slice(0, -1)},${t.slice(1)}` : t;
          expect(history.parse(grown)).toEqual(parseValue(grown));
          previous = grown;
        }
      }),
      { numRuns: 3000 },
    );
  });
});
