import { describe, expect, test } from "vitest";
import { pyCollapse } from "../python/text.js";
import { copyKeyOf, ExactCopies } from "./exact-copies.js";

const keyOf = (text: string) => copyKeyOf(pyCollapse(text));

describe("ExactCopies", () => {
  test("finds a source by its collapsed text, and nothing else", () => {
    const copies = new ExactCopies();
    for (const t of ["Where is my ORDER?", "refund  it\tnow", "café au lait"]) copies.add(t, keyOf(t));
    expect(copies.has(pyCollapse("where IS my order?"))).toBe(true);
    expect(copies.has(pyCollapse("  REFUND it now "))).toBe(true);
    expect(copies.has(pyCollapse("CAFÉ au\u00a0lait"))).toBe(true);
    expect(copies.has(pyCollapse("where is my order"))).toBe(false);
    expect(copies.has("")).toBe(false);
  });

  test("two texts that share a key are told apart by their texts", () => {
    // The first FNV-1a collision among short words, found here rather than written down.
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; pair === null; i++) {
      const word = `w${i.toString(36)}`;
      const key = copyKeyOf(word);
      const other = seen.get(key);
      if (other !== undefined) pair = [other, word];
      seen.set(key, word);
    }
    const [a, b] = pair;
    expect(copyKeyOf(a)).toBe(copyKeyOf(b));
    const copies = new ExactCopies();
    copies.add(a, keyOf(a));
    expect(copies.has(a)).toBe(true);
    expect(copies.has(b)).toBe(false);
    copies.add(b, keyOf(b));
    expect(copies.has(b)).toBe(true);
    expect(copies.size).toBe(2);
  });

  test("keeps one entry per collapsed text, through table growth", () => {
    const copies = new ExactCopies();
    for (let i = 0; i < 5000; i++) {
      const t = `prompt ${i % 1000}`;
      copies.add(i % 2 === 0 ? t : t.toUpperCase(), keyOf(t));
    }
    expect(copies.size).toBe(1000);
    for (let i = 0; i < 1000; i++) expect(copies.has(`prompt ${i}`)).toBe(true);
    expect(copies.has("prompt 1000")).toBe(false);
  });
});
