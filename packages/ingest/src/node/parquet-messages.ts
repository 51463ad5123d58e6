/** What the Parquet worker thread (parquet-worker.ts) and the thread reading through it say to each other. */
import type { ParquetRowGroup } from "../tabular/parquet.js";

/** The worker's `workerData`: the open file's descriptor (shared by the process), its size and name. */
export interface ParquetWorkerData {
  fd: number;
  byteLength: number;
  name: string;
  /** The first row group to decode (0-based): a worker started again after running out of memory resumes there. */
  fromGroup: number;
}

/** The worker's messages, in order: row groups, one at a time as the reader asks, then `end`. */
export type ParquetWorkerMessage =
  | { type: "group"; group: ParquetRowGroup }
  | { type: "end" }
  /** The file cannot be read as Parquet (a TraceReadError's reason), or reading it failed. */
  | { type: "unreadable"; reason: string }
  /** Anything else the worker threw: a fault of ours, not of the file. */
  | { type: "failed"; message: string; stack: string | undefined };

/** The reader's one message: it has taken a row group, send the next. */
export const NEXT_GROUP = "next";
