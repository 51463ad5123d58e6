/**
 * A picked, dropped or bundled file read (in the load worker) through `@whileai/ingest`, the one
 * front door from trace bytes to rows: the explorer tells formats apart, inflates gzip and counts losses exactly as
 * `wai` does, and has no reader of its own.
 */
import { readTraces, type RandomAccessBytes, type SourceReport, type SpansByConversation } from "@whileai/ingest";
import { CoveredRanges } from "./covered-ranges.js";

/** A gzip file inflates to at most this: a small gzip bomb must not fill the tab's memory. */
export const MAX_INFLATED_BYTES = 512 * 1024 * 1024;

export interface LoadedSource {
  name: string;
  /** The file's size as given, before any inflating. */
  bytes: number;
  /**
   * Rows as read, not canonicalised (OTLP and session files already assembled into rows): the
   * report's label census must see the raw columns. Rows the normaliser drops are still here, so
   * the analyses count them; `report` names them.
   */
  rows: unknown[];
  /** Format, gzip, and every line or record dropped or read only in part. */
  report: SourceReport;
  /** OpenTelemetry rows' spans by conversation id, for the span view (empty for other formats). */
  spans: SpansByConversation;
}

/** Bytes of the file read so far, of its size; called as each piece arrives. */
export type ReadProgress = (read: number, total: number) => void;

export async function readSource(name: string, data: Blob, onProgress?: ReadProgress): Promise<LoadedSource> {
  const source = onProgress === undefined ? data : countedReads(data, onProgress);
  // "skip": an explorer shows what it can and lists each bad line, rather than stop at the first.
  const { rows, report, spans } = await readTraces(source, { name, raw: true, onInvalid: "skip", maxInflatedBytes: MAX_INFLATED_BYTES, spans: true });
  return { name, bytes: data.size, rows, report, spans: spans ?? new Map() };
}

/**
 * The Blob as ranged reads that count the bytes they cover: the front door streams a random-access
 * source in 1 MiB pieces, and reads a Parquet file's end first and then its row groups, so the
 * bytes covered so far (re-reads counted once) are how far it got.
 */
function countedReads(data: Blob, onProgress: ReadProgress): RandomAccessBytes {
  const covered = new CoveredRanges();
  return {
    byteLength: data.size,
    async slice(start, end = data.size) {
      const piece = await data.slice(start, end).arrayBuffer();
      onProgress(covered.add(start, start + piece.byteLength), data.size);
      return piece;
    },
  };
}
