import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { pyCollapse } from "../python/text.js";
import { CountEmbedder } from "./count-embedder.js";
import { copyKeyOf } from "./exact-copies.js";
import { createEmbedder, type TextCounts } from "./text-counts.js";
import { embedModule, WasmEmbedder } from "./wasm-embedder.js";

/** Everything the scan reads of an embedded text (pairs hold counts mod 256: the store reads them only below 256). */
function embedded(e: TextCounts) {
  const buckets = Array.from(e.nonzero.subarray(0, e.size));
  return {
    buckets,
    counts: buckets.map((b) => e.counts[b]),
    tokens: e.tokens,
    squares: e.squares(),
    copyKey: e.copyKey,
    pairs: Array.from(e.pairs.subarray(0, 2 * e.size)),
    maxCount: e.maxCount,
    vectorHash: e.vectorHash,
  };
}

// Texts mixing what the tokenizer and the copy key treat differently: letters of both cases,
// digit runs, Python whitespace (\x1c-\x1f, \v, \x85, no-break space), other ASCII, non-ASCII
// letters and digits, and words long enough for tokens past one 128-byte block.
const piece = fc.oneof(
  fc.constantFrom("the", "Order", "ORDER", "a", "refund", "42", "7", " ", "  ", "\t", "\n", "\x1c", "\x0b", "\x00", ".", "-", "!", "\x7f"),
  fc.constantFrom("\u00a0", "\x85", "café", "ÉCOLE", "١٢٣", "Ｋ", "İ", "ß", "\u{1F600}"),
  fc.string({ unit: fc.constantFrom("a", "b", "Z"), minLength: 1, maxLength: 6 }),
  fc.string({ unit: fc.constantFrom("q", "Q"), minLength: 60, maxLength: 200 }),
);
const text = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(""));

describe("WasmEmbedder", () => {
  test("Node compiles the embedder's module, and the scan uses it", () => {
    expect(embedModule()).not.toBeNull();
    expect(createEmbedder()).toBeInstanceOf(WasmEmbedder);
  });

  test("gives the JS embedder's counts, tokens, squares and copy key, cold and from its caches", () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 25 }), (texts) => {
        const wasm = new WasmEmbedder(embedModule()!);
        const js = new CountEmbedder();
        // Twice: the second pass answers from the caches.
        for (const t of [...texts, ...texts]) {
          wasm.embed(t);
          js.embed(t);
          expect(embedded(wasm), JSON.stringify(t)).toEqual(embedded(js));
        }
      }),
      { numRuns: 300 },
    );
  });

  test("the copy key is that of the collapsed text", () => {
    const wasm = new WasmEmbedder(embedModule()!);
    for (const t of ["Where is  ORDER\n4412", "  a\x1cb\x0b ", "", "\t", "x\x00Y", "caf\u00e9  Au Lait"]) {
      wasm.embed(t);
      expect(wasm.copyKey, JSON.stringify(t)).toBe(copyKeyOf(pyCollapse(t)));
    }
  });

  test("a text far larger than its memory, and a growing bigram table, still count exactly", () => {
    const wasm = new WasmEmbedder(embedModule()!);
    const js = new CountEmbedder();
    // 60,000 distinct words (ids, tables and the heap all grow) and 5 MB of text in one call.
    const words = Array.from({ length: 60_000 }, (_, i) => `w${i.toString(26).replace(/\d/g, (d) => "qrstuvwxyz"[Number(d)])}`);
    for (const t of [words.join(" "), words.slice(0, 1000).join(" ").repeat(80), "x".repeat(5_000_000)]) {
      wasm.embed(t);
      js.embed(t);
      expect(embedded(wasm)).toEqual(embedded(js));
    }
  });

  test("past 2^21 distinct words, where its caches start over, it still counts exactly", () => {
    const wasm = new WasmEmbedder(embedModule()!);
    const js = new CountEmbedder();
    const probe = "the order 42 was refunded twice, the order";
    wasm.embed(probe);
    const before = embedded(wasm);
    // 2^21 + 1,024 distinct words, 4,096 to a text.
    const letters = "abcdefghijklmnopqrstuvwxyz";
    const wordOf = (i: number) => {
      let w = "";
      for (let n = i + 1; n > 0; n = Math.floor(n / 26)) w += letters[n % 26];
      return `${w}zz`;
    };
    for (let from = 0; from < 2 ** 21 + 1024; from += 4096) {
      const t = Array.from({ length: 4096 }, (_, k) => wordOf(from + k)).join(" ");
      wasm.embed(t);
      js.embed(t);
    }
    expect(embedded(wasm)).toEqual(embedded(js));
    wasm.embed(probe);
    expect(embedded(wasm)).toEqual(before);
  });
});
