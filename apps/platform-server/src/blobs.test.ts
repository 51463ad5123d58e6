import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BlobStore, isDatasetId, newDatasetId, scanBlob, TooLargeError } from "./blobs.js";

const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));

describe("scanBlob", () => {
  it("counts non-blank lines, with or without a final newline", async () => {
    expect((await scanBlob(chunks('{"a": 1}\n \t\n\n{"b"', ': 2}'), 1 << 20)).rows).toBe(2);
    expect((await scanBlob(chunks(""), 1 << 20))).toEqual({ rows: 0, parts: [[0, 0]] });
  });

  it("cuts parts just after a newline once they hold partBytes, across chunk borders", async () => {
    const out = await scanBlob(chunks("aaaa\nbb", "\ncccccc\nd"), 5);
    expect(out).toEqual({ rows: 4, parts: [[0, 5], [5, 15], [15, 16]] });
    expect((await scanBlob(chunks("aaaa\nbbbb\n"), 5)).parts).toEqual([[0, 5], [5, 10]]);
  });
});

/** The plain definition: split at each newline, a line with a non-space byte is a row, cut once a part reaches partBytes. */
function reference(bytes: Buffer, partBytes: number): { rows: number; parts: [number, number][] } {
  const parts: [number, number][] = [];
  let rows = 0;
  let start = 0;
  let partStart = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 10) continue;
    if (bytes.subarray(start, i).some((c) => !(c === 32 || (c >= 9 && c <= 13)))) rows++;
    start = i + 1;
    if (i < bytes.length && i + 1 - partStart >= partBytes) {
      parts.push([partStart, i + 1]);
      partStart = i + 1;
    }
  }
  if (bytes.length > partStart || parts.length === 0) parts.push([partStart, bytes.length]);
  return { rows, parts };
}

describe("scanBlob against the plain definition", () => {
  it("agrees on random blank-heavy text cut into random chunks", async () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const alphabet = [10, 10, 32, 9, 13, 11, 12, 123, 125, 97];
    for (let round = 0; round < 500; round++) {
      const bytes = Buffer.from(Array.from({ length: random(200) }, () => alphabet[random(alphabet.length)]!));
      const pieces: Buffer[] = [];
      for (let at = 0; at < bytes.length; ) {
        const next = Math.min(bytes.length, at + 1 + random(40));
        pieces.push(bytes.subarray(at, next));
        at = next;
      }
      const partBytes = 1 + random(50);
      expect(await scanBlob(Readable.from(pieces), partBytes), `round ${round}`).toEqual(reference(bytes, partBytes));
    }
  });
});

describe("isDatasetId", () => {
  it("accepts minted ids only", () => {
    expect(isDatasetId(newDatasetId())).toBe(true);
    for (const bad of ["..", "ds_../../x", `ds_${"a".repeat(23)}/`, `ds_${"A".repeat(24)}`, ""]) expect(isDatasetId(bad), bad).toBe(false);
  });
});

describe("BlobStore.write over the cap", () => {
  // The first chunk alone passes the cap, so the pipeline fails before a file stream could have
  // opened its file; the temporary file must still be gone by the time write() rejects.
  it("rejects with TooLargeError and leaves no temporary file, every time", async () => {
    const blobs = new BlobStore(mkdtempSync(join(tmpdir(), "blobs-")), "0123456789abcdef");
    for (let round = 0; round < 500; round++) {
      await expect(blobs.write(newDatasetId(), chunks("y".repeat(5000)), 4096)).rejects.toBeInstanceOf(TooLargeError);
      expect(readdirSync(blobs.dir), `round ${round}`).toEqual([]);
    }
  }, 120_000); // many rounds, so a loaded machine needs time (the race showed only under load)
});
