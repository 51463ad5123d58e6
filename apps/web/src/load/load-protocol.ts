/** Messages between the page and the worker that reads and analyses trace files (load.worker.ts). */
import type { SourceReport, SpansByConversation } from "@whileai/ingest";
import type { ExplorationData, LabelSettings } from "../analysis/explore.js";
import type { RowAnswer, RowQuestion } from "../analysis/row-questions.js";
import type { LoadError } from "./load-error.js";

/** What the page keeps of a file it read: never its bytes. */
export interface SourceFacts {
  name: string;
  /** The file's size as given, before any inflating. */
  bytes: number;
  /** Rows read (OTLP and session files assembled into rows), dropped ones included. */
  rowCount: number;
  /** Format, gzip, and every line or record dropped or read only in part. */
  report: SourceReport;
}

/** The analyses of a file under one label setting, or why that setting does not fit it. */
export type Explored = { exploration: ExplorationData } | { labelError: string };

export type LoadRequest =
  /** Read a file. With labels, analyse it and keep its rows for `relabel`; without, send its rows as read. */
  | { type: "read"; blob: Blob; name: string; labels: LabelSettings | null }
  /** The last file read, analysed again under other label settings. */
  | { type: "relabel"; labels: LabelSettings }
  /** A view's question about every row of the last analysis (row-questions.ts). */
  | { type: "ask"; question: RowQuestion }
  /** The page took the last `rows-batch`: the next may come. */
  | { type: "taken" };

export type LoadReply =
  | { type: "progress"; read: number; total: number }
  /**
   * The rows of the reply about to be sent (`explored`, `relabelled` or `rows`), in order, a batch
   * at a time: one clone of a million rows would hold the page's thread for many seconds, a batch
   * holds it for a few milliseconds. Each batch waits for the page's `taken` for the one before.
   * The reply that follows carries no rows of its own.
   */
  | { type: "rows-batch"; rows: unknown[] }
  /** `spans`: OpenTelemetry rows' spans by conversation id (empty for other formats), sent once per file. */
  | { type: "explored"; source: SourceFacts; spans: SpansByConversation; explored: Explored }
  | { type: "rows"; source: SourceFacts; rows: unknown[] }
  | { type: "relabelled"; explored: Explored }
  | { type: "answer"; answer: RowAnswer }
  | { type: "error"; error: LoadError };
