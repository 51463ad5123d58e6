import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { isDatasetId, newDatasetId, scanBlob } from "./blobs.js";

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

describe("isDatasetId", () => {
  it("accepts minted ids only", () => {
    expect(isDatasetId(newDatasetId())).toBe(true);
    for (const bad of ["..", "ds_../../x", `ds_${"a".repeat(23)}/`, `ds_${"A".repeat(24)}`, ""]) expect(isDatasetId(bad), bad).toBe(false);
  });
});
