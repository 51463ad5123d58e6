import { describe, expect, it } from "vitest";
import { digestBucket, tokenBucket, tokenDigest } from "./bucket.js";

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

// traces-helpers.md §1.2: blake2b(digest_size=8) of each token and its bucket mod 256.
const TABLE: [string, string, number][] = [
  ["w:where", "0c0379f2c08a9ca7", 167],
  ["w:is", "93003a03a8041727", 39],
  ["w:order", "eafb4b017fc6d539", 57],
  ["w:<num>", "0a0eae42c44e144b", 75],
  ["b:where>is", "542b400f769d7422", 34],
  ["b:is>order", "06f8825317c54a32", 50],
  ["b:order><num>", "c601767ecfdd5f41", 65],
  ["w:refund", "0061f4eee52a6159", 89],
  ["w:hi", "5ebb2394e97716a3", 163],
  ["w:check", "a67f42ae546dbce4", 228],
  ["w:for", "7cb86b4709ff60f5", 245],
  ["w:me", "2ae2ec4a669adfa0", 160],
  ["b:check>order", "3840b83a82a9d4f4", 244],
  ["b:<num>>for", "549a7ae326040754", 84],
  ["b:for>me", "2c9e2089b2bd8cb6", 182],
];

describe("tokenDigest", () => {
  it.each(TABLE)("%s hashes to %s (BLAKE2b with an 8-byte digest)", (token, digest) => {
    expect(hex(tokenDigest(token))).toBe(digest);
  });

  it("encodes non-ASCII tokens as UTF-8", () => {
    // hashlib.blake2b("w:é".encode(), digest_size=8).hexdigest()
    expect(hex(tokenDigest("w:é"))).toBe("4d24728fe44b7603");
  });
});

describe("tokenBucket", () => {
  it.each(TABLE)("%s falls in the bucket of its last digest byte", (token, _digest, bucket) => {
    expect(tokenBucket(token, 256)).toBe(bucket);
    expect(tokenBucket(token, 256)).toBe(bucket); // second call answers from the cache
  });

  it("takes the big-endian u64 modulo any dim", () => {
    // int.from_bytes(digest, "big") % dim, computed in Python.
    expect(tokenBucket("w:order", 1000)).toBe(321);
    expect(tokenBucket("w:order", 64)).toBe(57);
  });
});

describe("digestBucket", () => {
  const digest = Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  const u64 = 2n ** 64n - 1n;
  it.each([1, 3, 7, 100, 256, 1000, 65_537, 2 ** 31 - 1, 2 ** 44, 2 ** 50 + 3])("is exact for dim %d", (dim) => {
    expect(digestBucket(digest, dim)).toBe(Number(u64 % BigInt(dim)));
  });
});
