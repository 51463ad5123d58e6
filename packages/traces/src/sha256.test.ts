import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { bytesToHex } from "@noble/hashes/utils.js";
import { sha256Hex, sha256Head48 } from "./sha256.js";

/** The first six bytes of noble's digest, as a number. */
const reference = (text: string) => sha256(utf8ToBytes(text)).subarray(0, 6).reduce((n, byte) => n * 256 + byte, 0);

describe("sha256Head48", () => {
  it("equals noble's sha256 on every length across the padding and block edges", () => {
    for (let n = 0; n <= 200; n++) {
      const text = "((('lookup_order', (('order_id', 'user'),), 'timeout'),), False, 0)".repeat(4).slice(0, n);
      expect(sha256Head48(text), `length ${n}`).toBe(reference(text));
    }
  });

  it("hashes the UTF-8 of non-ASCII text, and texts longer than its first buffer", () => {
    for (const text of ["Zoë's 日本 😀", "é".repeat(700), "x".repeat(5000), "\u{10ffff}".repeat(300)]) {
      expect(sha256Head48(text)).toBe(reference(text));
    }
  });

  it("knows the published digest of the empty string", () => {
    expect(sha256Head48("").toString(16).padStart(12, "0")).toBe("e3b0c44298fc");
  });
});

describe("sha256Hex", () => {
  it("equals noble's hex digest across the padding and block edges, and on non-ASCII text", () => {
    const texts = Array.from({ length: 140 }, (_, n) => "seed:task-7:Where is my order?".repeat(5).slice(0, n));
    texts.push("Zoë's 日本 😀", "é".repeat(700), "x".repeat(5000), "lone \ud800 surrogate");
    for (const text of texts) expect(sha256Hex(text), JSON.stringify(text.slice(0, 40))).toBe(bytesToHex(sha256(utf8ToBytes(text))));
  });

  it("knows the published digest of the empty string", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });
});
