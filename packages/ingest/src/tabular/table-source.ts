/**
 * What a table reader is handed: where its rows go and how its losses are counted. The readers
 * decode; the front door canonicalises and reports.
 */
import type { SourceReport } from "../report.js";

export interface TableContext {
  /** How the source is named in errors. */
  name: string;
  report: SourceReport;
  /** `"skip"`: a record (CSV line, Parquet row group) that cannot be decoded is counted and the rest read. */
  onInvalid: "throw" | "skip";
  signal?: AbortSignal;
  /** One row's cells as a JSON object, with its CSV `line` or its 1-based table `record`; a returned promise is waited for. */
  push(value: Record<string, unknown>, at: { line?: number; record?: number }): Promise<void> | undefined;
}
