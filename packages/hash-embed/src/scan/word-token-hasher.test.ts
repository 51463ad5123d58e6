import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { digestBucket, tokenDigest } from "../bucket.js";
import { StringWordTokens, wordTokenHasher } from "./word-token-hasher.js";

/** The reference: each token string built and hashed with @noble/hashes, one at a time. */
const reference = () =>
  new StringWordTokens((tokens, out) => {
    for (let i = 0; i < tokens.length; i++) out[i] = digestBucket(tokenDigest(tokens[i]), 256);
  });

const word = fc.oneof(
  fc.constant("<num>"),
  fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: 1, maxLength: 12 }),
  // Tokens past one 128-byte block.
  fc.string({ unit: fc.constantFrom("a", "q", "z"), minLength: 55, maxLength: 300 }),
);

describe("wordTokenHasher", () => {
  test.each(["wasm", "noble"] as const)("%s: hashes exactly the tokens the word ids spell", (implementation) => {
    const requests = fc.array(fc.tuple(fc.integer({ min: -1, max: 1000 }), fc.nat(1000)), { minLength: 1, maxLength: 80 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 40 }), requests, (words, raw) => {
        const hasher = wordTokenHasher(implementation);
        const plain = reference();
        for (const [id, w] of words.entries()) {
          hasher.addWord(id, w);
          plain.addWord(id, w);
        }
        const pairs = Int32Array.from(raw.flatMap(([a, b]) => [a < 0 ? -1 : a % words.length, b % words.length]));
        const got = new Int32Array(raw.length);
        const want = new Int32Array(raw.length);
        hasher.buckets(pairs, raw.length, got);
        plain.buckets(pairs, raw.length, want);
        expect(Array.from(got)).toEqual(Array.from(want));
      }),
      { numRuns: 100 },
    );
  });

  test("Python's buckets for known tokens, and words forgotten by clear", () => {
    const hasher = wordTokenHasher();
    for (const [id, w] of ["my", "order", "refund"].entries()) hasher.addWord(id, w);
    const out = new Int32Array(2);
    hasher.buckets(Int32Array.of(-1, 2, 0, 1), 2, out);
    // Python: hashlib.blake2b(b"w:refund", digest_size=8) ends in 0x59, "b:my>order" in 0xb6.
    expect(Array.from(out)).toEqual([0x59, 0xb6]);
    hasher.clear();
    hasher.addWord(0, "refund");
    hasher.buckets(Int32Array.of(-1, 0), 1, out);
    expect(out[0]).toBe(0x59);
  });
});
