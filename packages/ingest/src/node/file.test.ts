import { execFileSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// The built entry: it starts its Parquet worker thread from dist/node/parquet-worker.js.
import { readTracesFile, writeRowsFile } from "../../dist/node/index.js";

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

  it("reads a pipe given as a path (a FIFO, `<(zcat ...)`) through, a table in it held whole", async () => {
    const fifo = join(dir, "pipe");
    execFileSync("mkfifo", [fifo]);
    const parquet = readFileSync(new URL("../../../../examples/tabular/support-canonical.parquet", import.meta.url));
    // The writer's open waits for the reader's, as a shell's process substitution does.
    const writer = createWriteStream(fifo);
    writer.end(parquet);
    const { rows, report } = await readTracesFile(fifo);
    expect(report.format).toBe("parquet");
    expect(rows.length).toBe(80);
  });

  it("writes rows in the format the extension names", async () => {
    const rows = [{ prompt: "a", steps: [{ user: "a" }], final_text: "b" }];
    for (const name of ["r.parquet", "r.csv", "r.jsonl"]) {
      const file = join(dir, name);
      await writeRowsFile(file, rows);
      expect((await readTracesFile(file)).rows).toEqual(rows);
    }
    await expect(writeRowsFile(join(dir, "r.xlsx"), rows)).rejects.toThrow(/cannot tell the format of .*r\.xlsx/);
  });
});
