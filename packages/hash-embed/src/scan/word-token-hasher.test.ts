import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { blake2bFastestModule, blake2bModule } from "../blake2b-batch.js";
import { digestBucket, tokenDigest } from "../bucket.js";
import { StringWordTokens, WasmWordTokens, wordTokenHasher } from "./word-token-hasher.js";

/** The reference: each token string built and hashed with @noble/hashes, one at a time. */
const reference = () =>
  new StringWordTokens((tokens, out) => {
    for (let i = 0; i < tokens.length; i++) out[i] = digestBucket(tokenDigest(tokens[i]), 256);
  });

const word = fc.oneof(
  fc.constant("<num>"),
  fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: 1, maxLength: 12 }),
  // Tokens past one 128-byte block, and words whose 8-byte copies end mid-word.
  fc.string({ unit: fc.constantFrom("a", "q", "z"), minLength: 55, maxLength: 300 }),
);

// The unrolled kernel (Node, workers) and the compact one (a browser's main thread).
const kernels = [
  ["unrolled", blake2bFastestModule()],
  ["compact", blake2bModule()],
] as const;

describe("wordTokenHasher", () => {
  test("Node compiles the unrolled kernel, and the default hasher runs it", () => {
    expect(blake2bFastestModule()).not.toBe(blake2bModule());
    expect(wordTokenHasher()).toBeInstanceOf(WasmWordTokens);
  });

  test.each(kernels)("the %s WebAssembly kernel builds and hashes exactly the tokens the strings spell", (_, module) => {
    const requests = fc.array(fc.tuple(fc.integer({ min: -1, max: 1000 }), fc.nat(1000)), { minLength: 1, maxLength: 80 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 40 }), requests, (words, raw) => {
        const wasm = new WasmWordTokens(module!);
        const plain = reference();
        for (const [id, w] of words.entries()) {
          wasm.addWord(id, w);
          plain.addWord(id, w);
        }
        const pairs = Int32Array.from(raw.flatMap(([a, b]) => [a < 0 ? -1 : a % words.length, b % words.length]));
        const got = new Int32Array(raw.length);
        const want = new Int32Array(raw.length);
        wasm.buckets(pairs, raw.length, got);
        plain.buckets(pairs, raw.length, want);
        expect(Array.from(got)).toEqual(Array.from(want));
      }),
      { numRuns: 300 },
    );
  });

  test.each(kernels)("%s: Python's buckets for known tokens, and words kept across table and memory growth", (_, module) => {
    const hasher = new WasmWordTokens(module!);
    const words = ["my", "order", "refund"];
    // Enough long words that the word table moves and the memory grows several times.
    for (let i = 0; i < 5000; i++) words.push("x".repeat(1 + (i % 400)));
    for (const [id, w] of words.entries()) hasher.addWord(id, w);
    const out = new Int32Array(3);
    hasher.buckets(Int32Array.of(-1, 2, 0, 1, 5002, 5002), 3, out);
    // Python: hashlib.blake2b(b"w:refund", digest_size=8) ends in 0x59, "b:my>order" in 0xb6.
    expect(Array.from(out)).toEqual([0x59, 0xb6, digestBucket(tokenDigest(`b:${words[5002]}>${words[5002]}`), 256)]);
    hasher.clear();
    hasher.addWord(0, "refund");
    hasher.buckets(Int32Array.of(-1, 0), 1, out);
    expect(out[0]).toBe(0x59);
  });

  test("a word that is not ASCII is refused, not hashed wrongly", () => {
    expect(() => wordTokenHasher("wasm").addWord(0, "café")).toThrow(/not ASCII/);
  });
});
