import { blake2b } from "@noble/hashes/blake2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Blake2bBatch, blake2bWasmAvailable } from "./blake2b-batch.js";
import { digestBucket, tokenDigest } from "./bucket.js";

const encoder = new TextEncoder();

/** The reference: noble's BLAKE2b with digest length 8 (not a truncated BLAKE2b-512). */
function expected(tokens: readonly string[]): string[] {
  return tokens.map((token) => bytesToHex(blake2b(encoder.encode(token), { dkLen: 8 })));
}

function hexes(digests: Uint8Array): string[] {
  const out: string[] = [];
  for (let i = 0; i < digests.length; i += 8) out.push(bytesToHex(digests.subarray(i, i + 8)));
  return out;
}

const wasm = new Blake2bBatch();
const noble = new Blake2bBatch({ implementation: "noble" });
const both = [wasm, noble];

// Python: hashlib.blake2b(s.encode("utf-8"), digest_size=8).hexdigest().
const PYTHON: [string, string][] = [
  ["", "e4a6a0577479b2b4"],
  ["abc", "d8bb14d833d59559"],
  ["w:refund", "0061f4eee52a6159"],
  ["b:my>order", "9e8a460b1be657b6"],
  ["w:café", "c011e30fd864e31b"],
  ["a".repeat(128), "f06643fe9c7e18da"],
  ["a".repeat(129), "e462535bb0c5a299"],
  ["a".repeat(256), "78b03efd0a5ea28b"],
];

const ascii = fc.string({ unit: "binary-ascii", maxLength: 400, size: "max" });
const unicode = fc.string({ unit: "binary", maxLength: 400, size: "max" });
// Any UTF-16 unit, lone surrogates included (TextEncoder writes U+FFFD for them, as bucket.ts does).
const utf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 400 });

describe("blake2bWasmAvailable", () => {
  test("the kernel compiles on Node 20, so the default batch really runs WebAssembly", () => {
    expect(blake2bWasmAvailable()).toBe(true);
    expect(wasm.implementation).toBe("wasm");
    expect(new Blake2bBatch({ implementation: "wasm" }).implementation).toBe("wasm");
    expect(noble.implementation).toBe("noble");
  });
});

describe("Blake2bBatch.digests", () => {
  test.each(both.map((batch) => [batch.implementation, batch] as const))("%s: Python's digests", (_, batch) => {
    expect(hexes(batch.digests(PYTHON.map(([token]) => token)))).toEqual(PYTHON.map(([, hex]) => hex));
  });

  test.each(both.map((batch) => [batch.implementation, batch] as const))("%s: RFC 7693 message 'abc' and the block edges", (_, batch) => {
    const tokens = ["abc"];
    for (const n of [1, 2, 7, 8, 9, 15, 16, 63, 64, 111, 112, 127, 128, 129, 255, 256, 257, 383, 384, 385, 1000]) tokens.push("x".repeat(n));
    // Multi-byte characters straddling the 128-byte block boundary.
    tokens.push("a".repeat(127) + "é", "a".repeat(126) + "€x", "a".repeat(125) + "😀😀");
    expect(hexes(batch.digests(tokens))).toEqual(expected(tokens));
  });

  test("an empty batch", () => {
    expect(wasm.digests([])).toEqual(new Uint8Array(0));
    expect(noble.digests([])).toEqual(new Uint8Array(0));
  });

  test("random ASCII, Unicode and lone-surrogate strings of 0..400 units, in batches of 0..40", () => {
    for (const strings of [ascii, unicode, utf16]) {
      fc.assert(
        fc.property(fc.array(strings, { maxLength: 40 }), (tokens) => {
          const want = expected(tokens);
          expect(hexes(wasm.digests(tokens))).toEqual(want);
          expect(hexes(noble.digests(tokens))).toEqual(want);
        }),
        { numRuns: 150 },
      );
    }
  });

  test("lone surrogates hash like bucket.ts's tokenDigest (U+FFFD)", () => {
    const tokens = ["w:\ud800", "w:a\udfffb", "b:\ud83d>x"];
    expect(hexes(wasm.digests(tokens))).toEqual(tokens.map((token) => bytesToHex(tokenDigest(token))));
  });

  test("10,000 tokens: several kernel calls, memory growth, and reuse afterwards", () => {
    const batch = new Blake2bBatch();
    const tokens = Array.from({ length: 10_000 }, (_, i) => (i % 3 === 0 ? `w:tok${i}` : i % 3 === 1 ? `b:w${i}>über${i % 7}` : "€".repeat(i % 300)));
    const want = expected(tokens);
    expect(hexes(batch.digests(tokens))).toEqual(want);
    expect(hexes(batch.digests(tokens.slice(0, 3)))).toEqual(want.slice(0, 3));
    expect(hexes(batch.digests(tokens.slice(4097, 4100)))).toEqual(want.slice(4097, 4100));
  });

  test("a token larger than the whole wasm memory grows it mid-batch", () => {
    const batch = new Blake2bBatch();
    const tokens = ["w:before", "é".repeat(100_000), "y".repeat(300_000), "w:after"];
    expect(hexes(batch.digests(tokens))).toEqual(expected(tokens));
  });
});

describe("Blake2bBatch.digestsInto", () => {
  test("writes 8 bytes a token from the start of out and leaves the rest alone", () => {
    const tokens = ["w:refund", "b:my>order", ""];
    for (const batch of both) {
      const out = new Uint8Array(32).fill(0xee);
      batch.digestsInto(tokens, out);
      expect(hexes(out.subarray(0, 24))).toEqual(expected(tokens));
      expect([...out.subarray(24)]).toEqual(new Array(8).fill(0xee));
    }
  });

  test("rejects an out too small", () => {
    expect(() => wasm.digestsInto(["a", "b"], new Uint8Array(15))).toThrow(RangeError);
    expect(() => noble.digestsInto(["a", "b"], new Uint8Array(15))).toThrow(RangeError);
  });
});

describe("Blake2bBatch.bucketsOf", () => {
  const dims = [1, 2, 3, 16, 100, 255, 256, 257, 1000, 4096, 65_537, 2 ** 31 - 1, 2 ** 31];

  test("every dim: digestBucket of noble's digest, both implementations", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(ascii, unicode), { maxLength: 30 }), fc.constantFrom(...dims), (tokens, dim) => {
        const want = tokens.map((token) => digestBucket(blake2b(encoder.encode(token), { dkLen: 8 }), dim));
        for (const batch of both) expect([...batch.bucketsOf(tokens, dim, new Int32Array(tokens.length))]).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  test("known buckets: the last byte for dim 256, the u64 modulo otherwise", () => {
    // w:refund = 0x0061f4eee52a6159: last byte 0x59 = 89, and the u64 % 1000 = 321.
    expect([...wasm.bucketsOf(["w:refund"], 256, new Int32Array(1))]).toEqual([89]);
    expect([...wasm.bucketsOf(["w:refund"], 1000, new Int32Array(1))]).toEqual([321]);
  });

  test("10,000 tokens at dim 256 and 4096 match one-by-one hashing", () => {
    const tokens = Array.from({ length: 10_000 }, (_, i) => `b:w${i % 97}>v${i}`);
    for (const dim of [256, 4096]) {
      const want = tokens.map((token) => digestBucket(tokenDigest(token), dim));
      expect([...wasm.bucketsOf(tokens, dim, new Int32Array(tokens.length))]).toEqual(want);
    }
  });

  test("fills only the first tokens.length slots of a longer out, and returns it", () => {
    const out = new Int32Array(5).fill(-1);
    expect(wasm.bucketsOf(["w:a", "w:b"], 256, out)).toBe(out);
    expect([...out.subarray(2)]).toEqual([-1, -1, -1]);
    expect([...wasm.bucketsOf([], 256, out)]).toEqual([...out]);
  });

  test("rejects a bad dim and an out too small", () => {
    expect(() => wasm.bucketsOf(["w:a"], 0, new Int32Array(1))).toThrow(RangeError);
    expect(() => wasm.bucketsOf(["w:a"], 1.5, new Int32Array(1))).toThrow(RangeError);
    expect(() => wasm.bucketsOf(["w:a"], 2 ** 31 + 1, new Int32Array(1))).toThrow(RangeError);
    expect(() => wasm.bucketsOf(["w:a", "w:b"], 256, new Int32Array(1))).toThrow(RangeError);
    expect(() => noble.bucketsOf(["w:a", "w:b"], 256, new Int32Array(1))).toThrow(RangeError);
  });
});
