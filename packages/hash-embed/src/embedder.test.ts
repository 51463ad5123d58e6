import { describe, expect, it } from "vitest";
import { HASH_DIM, HashEmbedder } from "./embedder.js";
import { hashVector } from "./hash-vector.js";

describe("HashEmbedder", () => {
  it("carries the Python name and is not semantic", () => {
    const e = new HashEmbedder();
    expect(e.name).toBe("hash-word-bigram-v2");
    expect(e.semantic).toBe(false);
    expect(HASH_DIM).toBe(256);
  });

  it("embeds each text in order, one 256-vector per text", () => {
    const [a, b, c] = new HashEmbedder().embed(["hi", "hello", ""]);
    expect(Array.from(a)).toEqual(Array.from(hashVector("hi")));
    expect(a[163]).toBe(1);
    expect(b).toHaveLength(256);
    expect(b[163]).toBe(0);
    expect(c.every((x) => x === 0)).toBe(true);
  });

  it("gives identical vectors to texts that differ only in their numbers", () => {
    const [a, b] = new HashEmbedder().embed(["check order 123456 for me", "check order 987654 for me"]);
    expect(Array.from(a)).toEqual(Array.from(b));
  });

  it("returns an empty list for no texts", () => {
    expect(new HashEmbedder().embed([])).toEqual([]);
  });
});
