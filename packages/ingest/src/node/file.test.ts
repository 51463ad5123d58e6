import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTracesFile } from "./index.js";

describe("readTracesFile", () => {
  const dir = mkdtempSync(join(tmpdir(), "ingest-"));

  it("reads a file by path and names it in the report", async () => {
    const file = join(dir, "a.jsonl");
    writeFileSync(file, '{"prompt": "a"}\r{"prompt": "b"}');
    const { rows, report } = await readTracesFile(file);
    expect(rows.map((r) => r.prompt)).toEqual(["a", "b"]);
    expect(report.input).toBe(file);
  });

  it("says in one line what is wrong with a path", async () => {
    await expect(readTracesFile(join(dir, "missing.jsonl"))).rejects.toThrow(`${join(dir, "missing.jsonl")}: no such file`);
    await expect(readTracesFile(dir)).rejects.toThrow(`${dir}: is a directory, not a trace file`);
  });
});
