import { mkdtempSync, openSync, closeSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// The built modules: the worker thread is started from dist/node/parquet-worker.js.
import { encodeRows, readTraces, readTracesFile } from "../../dist/node/index.js";
import { readParquetInWorker } from "../../dist/node/parquet-thread.js";
import { emptyReport } from "../../dist/report.js";
import type { TableContext } from "../tabular/table-source.js";

const dir = mkdtempSync(join(tmpdir(), "ingest-parquet-thread-"));
const fixture = (name: string) => new URL(`../../../../fixtures/tabular/${name}`, import.meta.url).pathname;

/** Reads `path` through readParquetInWorker alone, collecting what it pushes. */
async function throughWorker(path: string, options: Parameters<typeof readParquetInWorker>[3] = {}, ctxOptions: Partial<TableContext> = {}) {
  const bytes = readFileSync(path);
  const access = { byteLength: bytes.length, slice: async (start: number, end = bytes.length) => bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + end) };
  const pushed: { value: Record<string, unknown>; record: number | undefined }[] = [];
  const ctx: TableContext = { name: path, report: emptyReport(path), onInvalid: "throw", push: (value, at) => void pushed.push({ value, record: at.record }), ...ctxOptions };
  const fd = openSync(path, "r");
  try {
    await readParquetInWorker(fd, access, ctx, options);
  } finally {
    closeSync(fd);
  }
  return { pushed, report: ctx.report };
}

describe("Parquet files decoded in a worker thread", () => {
  it("gives the rows and report of reading the same bytes in this thread", async () => {
    for (const name of ["support-row-groups.parquet", "messages.parquet", "types.parquet", "support-zstd.parquet"]) {
      const inThread = await readTraces(readFileSync(fixture(name)), { name: fixture(name) });
      const file = await readTracesFile(fixture(name));
      expect(file.rows, name).toEqual(inThread.rows);
      expect(file.report, name).toEqual(inThread.report);
    }
  });

  it("names a file that is not Parquet after all, and a row group that does not decode", async () => {
    await expect(readTracesFile(fixture("truncated.parquet"))).rejects.toThrow(`${fixture("truncated.parquet")}: not a readable Parquet file`);
    await expect(readTracesFile(fixture("unknown-codec.parquet"))).rejects.toThrow("row group 1 of 1 (rows 1-3): unsupported compression codec: LZO");
    const skipped = await readTracesFile(fixture("unknown-codec.parquet"), { onInvalid: "skip" });
    expect(skipped.rows).toEqual([]);
    expect(skipped.report.dropped.unreadable).toBe(3);
  });

  it("starts a worker that runs out of its heap again at the same row group, with twice the heap: no row lost or repeated", async () => {
    // A first row group of 1,000 small rows, then one of 2,000 rows holding 40 MB of prompt text,
    // which a 16 MiB heap cannot hold (nor 32 MiB).
    const word = (n: number) => `w${(n * 2654435761) % 1000003}`;
    const rows = Array.from({ length: 3000 }, (_, i) => ({ prompt: i < 1000 ? `small ${i}` : Array.from({ length: 2500 }, (_, k) => word(i * 2500 + k)).join(" "), final_text: `answer ${i}` }));
    const path = join(dir, "big-group.parquet");
    writeFileSync(path, await encodeRows(rows, "parquet"));
    const restarts: { fromGroup: number; heapMiB: number | undefined }[] = [];
    const { pushed } = await throughWorker(path, { heapMiB: 16, onRestart: (restart) => restarts.push(restart) });
    expect(restarts.length).toBeGreaterThan(0);
    expect(restarts[0]).toEqual({ fromGroup: 1, heapMiB: 32 });
    expect(pushed.map((p) => p.record)).toEqual(rows.map((_, i) => i + 1));
    expect(pushed.map((p) => p.value)).toEqual(rows);
  });

  it("stops the worker when the read is aborted", async () => {
    const controller = new AbortController();
    const reason = new Error("enough");
    const path = fixture("support-row-groups.parquet");
    let seen = 0;
    const read = throughWorker(path, {}, {
      signal: controller.signal,
      push: () => {
        if (++seen === 2) controller.abort(reason);
      },
    });
    await expect(read).rejects.toBe(reason);
    expect(seen).toBeLessThan(12);
  });
});
