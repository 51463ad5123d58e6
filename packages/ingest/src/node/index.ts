/**
 * `@whileai/ingest/node`: everything in `@whileai/ingest`, plus file paths and stdin. Only this
 * entry touches Node built-ins, so the main entry bundles for browsers.
 */
import { createReadStream } from "node:fs";
import type { TraceRow } from "@whileai/traces";
import { failRead } from "../bytes.js";
import { readTraces, streamTraces, type ReadTracesOptions, type RowBatchSink } from "../read.js";
import type { SourceReport } from "../report.js";

export * from "../index.js";

/** Rows of one trace file (any format the front door reads, gzipped or not), and its report. */
export function readTracesFile(path: string, options: ReadTracesOptions = {}): Promise<{ rows: TraceRow[]; report: SourceReport }> {
  return readTraces(fileChunks(path, options), { name: path, ...options });
}

/** `readTracesFile` without holding the rows: they go to `sink` in batches, in order. */
export function streamTracesFile(path: string, options: ReadTracesOptions, sink: RowBatchSink): Promise<SourceReport> {
  return streamTraces(fileChunks(path, options), { name: path, ...options }, sink);
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
