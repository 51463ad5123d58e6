/**
 * `pull` with a path: every part streamed to disk in grant order, stripped and joined as Python
 * joins them; or, for a `.parquet`, `.csv` or `.tsv` path, the rows written in that format.
 */
import { open, type FileHandle } from "node:fs/promises";
import { call } from "../http/call.js";
import { PlatformError } from "../platform-error.js";
import { downloadUrls, isAsciiSpace, pull as pullRows, type PullOptions } from "../pull.js";
import { tabularRowFormat, type TabularRowFormat } from "../row-format.js";

const NEWLINE = new Uint8Array([10]);

/**
 * Writes `b"\n".join(p.strip() for p in parts if p.strip()) + b"\n"` (nothing for an empty
 * payload) without holding a part in memory: a part's leading whitespace is skipped and its
 * trailing whitespace held back until more content follows it.
 */
class PartWriter {
  private position = 0;
  private wroteAny = false;
  private partStart = 0;
  private wroteBeforePart = false;
  private bytesBeforePart = 0;
  private partWroteAny = false;
  private pending: Uint8Array[] = [];
  bytes = 0;

  constructor(private readonly file: FileHandle) {}

  /** Start (or, on a retried request, restart) a part. */
  async begin(): Promise<void> {
    if (this.position !== this.partStart) await this.file.truncate(this.partStart);
    this.position = this.partStart;
    this.wroteAny = this.wroteBeforePart;
    this.bytes = this.bytesBeforePart;
    this.partWroteAny = false;
    this.pending = [];
  }

  private async write(chunk: Uint8Array): Promise<void> {
    if (chunk.length) await this.file.write(chunk, 0, chunk.length, this.position);
    this.position += chunk.length;
  }

  async push(chunk: Uint8Array): Promise<void> {
    this.bytes += chunk.length;
    let start = 0;
    if (!this.partWroteAny) {
      while (start < chunk.length && isAsciiSpace(chunk[start]!)) start++;
      if (start === chunk.length) return;
      if (this.wroteAny) await this.write(NEWLINE);
      this.partWroteAny = true;
      this.wroteAny = true;
    }
    let end = chunk.length;
    while (end > start && isAsciiSpace(chunk[end - 1]!)) end--;
    if (end > start) {
      for (const held of this.pending) await this.write(held);
      this.pending = [];
      await this.write(chunk.subarray(start, end));
    }
    if (end < chunk.length) this.pending.push(chunk.slice(end));
  }

  /** A part is done: its held trailing whitespace is dropped. */
  end(): void {
    this.pending = [];
    this.partStart = this.position;
    this.wroteBeforePart = this.wroteAny;
    this.bytesBeforePart = this.bytes;
  }

  async finish(): Promise<void> {
    if (this.wroteAny) await this.write(NEWLINE);
    await this.file.truncate(this.position);
  }
}

/**
 * Python's `pull(dataset_id, path)`: without `path`, returns the rows; with one, writes them to
 * that file and returns `path`.
 *
 * - A path ending in `.parquet`, `.csv` or `.tsv` (any case) gets the rows in that format, written
 *   by `@whileai/ingest`'s `writeRowsFile` (loaded only then): the rows are gathered in memory as
 *   `pull(datasetId)` returns them (JSON numbers as JS numbers), and the file is written once
 *   they are all in, so a failed pull leaves no file behind. Every row must be a JSON object; a
 *   dataset with no rows cannot be a Parquet file (nothing types its columns), which is refused
 *   before anything is written, while CSV and TSV get a file with an empty header line.
 * - Any other path (`.jsonl`, `.ndjson`, `.json`, an unknown extension or none) gets what Python
 *   writes, byte for byte: `b"\n".join(p.strip() for p in parts if p.strip()) + b"\n"`, streamed
 *   to disk a chunk at a time.
 */
export async function pull(datasetId: string, path: string, options?: PullOptions): Promise<string>;
export async function pull(datasetId: string, path?: null, options?: PullOptions): Promise<unknown[]>;
export async function pull(datasetId: string, path?: string | null, options?: PullOptions): Promise<string | unknown[]>;
export async function pull(datasetId: string, path?: string | null, options: PullOptions = {}): Promise<string | unknown[]> {
  if (path == null) return pullRows(datasetId, options);
  const format = tabularRowFormat(path);
  if (format) return pullAs(datasetId, path, format, options);
  const urls = await downloadUrls(datasetId, options);
  const file = await open(path, "w");
  try {
    const writer = new PartWriter(file);
    for (const url of urls) {
      await call("GET", "", {
        rawUrl: url,
        fetch: options.fetch,
        signal: options.signal,
        consume: async (chunks) => {
          await writer.begin();
          for await (const chunk of chunks) {
            await writer.push(chunk);
            options.onProgress?.({ bytes: writer.bytes, total: null });
          }
        },
      });
      writer.end();
    }
    await writer.finish();
  } finally {
    await file.close();
  }
  return path;
}

/** The rows of `datasetId` as one Parquet, CSV or TSV file at `path`. */
async function pullAs(datasetId: string, path: string, format: TabularRowFormat, options: PullOptions): Promise<string> {
  const rows = await pullRows(datasetId, options);
  const refuse = (why: string) => new PlatformError(`pull of ${datasetId} to ${path}: ${why}`);
  rows.forEach((row, i) => {
    if (typeof row !== "object" || row === null || Array.isArray(row)) {
      throw refuse(`row ${i} is not a JSON object (got ${row === null ? "null" : Array.isArray(row) ? "an array" : typeof row}), which ${format} cannot hold; pull to a .jsonl path for the rows as they are`);
    }
  });
  if (format === "parquet" && rows.length === 0) throw refuse("the dataset has no rows, and a Parquet file needs one to type its columns; pull to a .jsonl path for an empty file");
  const { writeRowsFile } = await import("@whileai/ingest/node");
  await writeRowsFile(path, rows as Record<string, unknown>[], format);
  return path;
}
