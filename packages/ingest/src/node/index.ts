/**
 * `@whileai/ingest/node`: everything in `@whileai/ingest`, plus file paths and stdin. Only this
 * entry touches Node built-ins, so the main entry bundles for browsers.
 */
import { createReadStream } from "node:fs";
import { open, stat, writeFile, type FileHandle } from "node:fs/promises";
import type { TraceRow } from "@whileai/traces";
import { failRead, type TraceBytes } from "../bytes.js";
import { readSource, streamSource, type ReadTracesOptions, type RowBatchSink, type SpansByConversation, type TableReaders } from "../read.js";
import type { SourceReport } from "../report.js";
import { encodeRows, rowFileFormat, type RowFileFormat } from "../write-rows.js";
import { fileAccess } from "./file-access.js";
import { readParquetInWorker } from "./parquet-thread.js";

export * from "../index.js";

/** Rows of one trace file (any format the front door reads, gzipped or not), and its report. */
export function readTracesFile(path: string, options: ReadTracesOptions = {}): Promise<{ rows: TraceRow[]; report: SourceReport; spans?: SpansByConversation }> {
  return withFile(path, options, (file, readers) => readSource(file, { name: path, ...options }, readers));
}

/** `readTracesFile` without holding the rows: they go to `sink` in batches, in order. */
export function streamTracesFile(path: string, options: ReadTracesOptions, sink: RowBatchSink): Promise<SourceReport> {
  return withFile(path, options, (file, readers) => streamSource(file, { name: path, ...options }, readers, sink));
}

/**
 * The file as random-access bytes for the length of `read`: Parquet is read footer first and a
 * row group at a time (decoded in a worker thread), other formats stream through in 1 MiB reads.
 * A pipe or device is a stream (a table there is held whole). A missing file, a directory or a
 * read error is named in one line.
 */
async function withFile<T>(path: string, options: { name?: string; signal?: AbortSignal }, read: (file: TraceBytes, readers: TableReaders) => Promise<T>): Promise<T> {
  const name = options.name ?? path;
  let handle: FileHandle;
  let size: number;
  // Told before opening: a FIFO opened once and closed would lose what its writer sent.
  const kind = await stat(path).catch(() => undefined);
  if (kind && !kind.isFile() && !kind.isDirectory()) {
    // A pipe (`<(zcat ...)`, a FIFO), socket or device has no size to read at offsets: it is read through.
    return read(fileChunks(path, options), {});
  }
  try {
    handle = await open(path, "r");
    const info = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (info.isDirectory()) {
      await handle.close();
      throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
    }
    size = info.size;
  } catch (error) {
    failRead(error, name);
  }
  try {
    const fd = handle.fd;
    return await read(fileAccess(fd, size, name, options.signal), { parquet: (access, table) => readParquetInWorker(fd, access, table) });
  } finally {
    await handle.close();
  }
}

/** A file's chunks, with a missing file, a directory or a read error named in one line. */
export async function* fileChunks(path: string, options: { name?: string; signal?: AbortSignal } = {}): AsyncGenerator<Uint8Array> {
  const name = options.name ?? path;
  try {
    for await (const chunk of createReadStream(path, { signal: options.signal }) as AsyncIterable<Uint8Array>) yield chunk;
  } catch (error) {
    failRead(error, name);
  }
}

/** Writes rows to `path` as JSON Lines, Parquet, CSV or TSV, told by its extension unless `format` names one. */
export async function writeRowsFile(path: string, rows: readonly Record<string, unknown>[], format: RowFileFormat | undefined = rowFileFormat(path)): Promise<number> {
  if (format === undefined) throw new TypeError(`writeRowsFile: cannot tell the format of ${path} from its extension; use .jsonl, .parquet, .csv or .tsv`);
  const bytes = await encodeRows(rows, format);
  await writeFile(path, bytes);
  return bytes.length;
}
