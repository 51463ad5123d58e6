/**
 * A picked, dropped or bundled file read through `@whileai/ingest`, the one front door from trace
 * bytes to rows: the explorer tells formats apart, inflates gzip and counts losses exactly as
 * `wai` does, and has no reader of its own.
 */
import { readTraces, type SourceReport } from "@whileai/ingest";

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
}

export async function readSource(name: string, data: Blob): Promise<LoadedSource> {
  // "skip": an explorer shows what it can and lists each bad line, rather than stop at the first.
  const { rows, report } = await readTraces(data, { name, raw: true, onInvalid: "skip", maxInflatedBytes: MAX_INFLATED_BYTES });
  return { name, bytes: data.size, rows, report };
}
