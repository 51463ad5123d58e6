import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { NUM, words } from "../tokenize.js";
import { WordIds } from "./word-ids.js";

const read = (table: WordIds, text: string) => {
  table.read(text);
  return Array.from(table.ids.subarray(0, table.count), (id) => table.words[id]);
};

describe("WordIds", () => {
  test("reads the same words as the Python tokenizer, ASCII fast path or not", () => {
    const table = new WordIds();
    const text = fc.string({ unit: fc.constantFrom("a", "B", "z", "Q", "0", "9", " ", "-", "_", "é", "K", "İ", "٣", "\u212a", "x"), maxLength: 40 });
    fc.assert(
      fc.property(text, (t) => {
        expect(read(table, t)).toEqual(words(t));
      }),
      { numRuns: 5000 },
    );
  });

  test("the same word gets the same id, case-insensitively; numbers share one id", () => {
    const table = new WordIds();
    table.read("Refund ORDER 4412 refund");
    const ids = Array.from(table.ids.subarray(0, table.count));
    expect(ids[0]).toBe(ids[3]);
    table.read("order 99");
    expect([table.ids[0], table.words[table.ids[1]]]).toEqual([ids[1], NUM]);
  });

  test("thousands of words survive the table growing", () => {
    const table = new WordIds();
    // Distinct letter-only words: i written in base 26 with the digits a-z.
    const vocab = Array.from({ length: 20_000 }, (_, i) => `w${Array.from(i.toString(26), (d) => String.fromCharCode(97 + parseInt(d, 26))).join("")}`);
    for (const w of vocab) table.read(w);
    for (const w of vocab.slice(0, 500)) expect(read(table, w.toUpperCase())).toEqual([w]);
    expect(table.size).toBe(20_001);
  });
});
