/**
 * `load_traces` (traces.md §3.5): rows from any export as canonical rows. This entry is
 * browser-safe and reads values only; `@whileai/traces/node` adds file paths.
 */
import { isDict } from "@whileai/hash-embed/internal";
import { RowLoader, type DroppedCounts } from "./canonical-row.js";
import { LoadOptionsSchema, parseOptions, type LoadOptions } from "./options.js";
import type { TraceRow } from "./schema.js";

export type { DroppedCounts } from "./canonical-row.js";
export type { LoadOptions } from "./options.js";

/** The kept rows, how many were dropped and why, and how many kept rows have parts left unread. */
export interface LoadReport {
  rows: TraceRow[];
  dropped: DroppedCounts;
  /** Kept rows with at least one message part that could not be read (a Vercel tool part without its answer, ...). */
  half_read: number;
}

/** Anything `loadTraces` reads rows from (a plain object reads as no rows, as in Python). */
export type TraceSource = Iterable<unknown> | AsyncIterable<unknown> | Record<string, unknown>;

/**
 * Canonical rows in input order: `prompt`, `steps`, `final_text` and a 0/1 `reward` when a label
 * is readable, every other key kept. Rows that are not objects, or have neither a prompt nor a
 * step, are dropped. An async iterable (a stream of parsed rows) gives a Promise.
 */
export function loadTraces(source: string, options?: LoadOptions): never;
export function loadTraces(source: AsyncIterable<unknown>, options?: LoadOptions): Promise<TraceRow[]>;
export function loadTraces(source: Iterable<unknown> | Record<string, unknown>, options?: LoadOptions): TraceRow[];
export function loadTraces(source: TraceSource, options?: LoadOptions): TraceRow[] | Promise<TraceRow[]>;
export function loadTraces(source: TraceSource, options?: LoadOptions): TraceRow[] | Promise<TraceRow[]> {
  const report = loadWithReport(source, options, "loadTraces");
  return report instanceof Promise ? report.then((r) => r.rows) : report.rows;
}

/** `loadTraces` that also says how many rows were dropped and half read: `{ rows, dropped: { not_object, no_signal }, half_read }`. */
export function loadTracesWithReport(source: string, options?: LoadOptions): never;
export function loadTracesWithReport(source: AsyncIterable<unknown>, options?: LoadOptions): Promise<LoadReport>;
export function loadTracesWithReport(source: Iterable<unknown> | Record<string, unknown>, options?: LoadOptions): LoadReport;
export function loadTracesWithReport(source: TraceSource, options?: LoadOptions): LoadReport | Promise<LoadReport>;
export function loadTracesWithReport(source: TraceSource, options?: LoadOptions): LoadReport | Promise<LoadReport> {
  return loadWithReport(source, options, "loadTracesWithReport");
}

function loadWithReport(source: unknown, options: unknown, fn: string): LoadReport | Promise<LoadReport> {
  if (typeof source === "string") {
    throw new TypeError(`${fn}: a string source is a file path; read files with loadTraces or loadTracesFile from "@whileai/traces/node"`);
  }
  const { rewardKey, threshold } = parseOptions(LoadOptionsSchema, options, fn);
  const loader = new RowLoader(rewardKey as LoadOptions["rewardKey"], threshold);
  // Python's list(dict) yields the keys, none of which is a row.
  if (isDict(source)) return { rows: [], dropped: loader.dropped, half_read: loader.halfRead };
  if (source !== null && typeof source === "object" && Symbol.asyncIterator in source) {
    return loadAsync(source as AsyncIterable<unknown>, loader);
  }
  if (source === null || source === undefined || typeof (source as Iterable<unknown>)[Symbol.iterator] !== "function") {
    throw new TypeError(`${fn}: source must be an array or another iterable of rows, got ${source === null ? "null" : typeof source}`);
  }
  const rows: TraceRow[] = [];
  if (Array.isArray(source)) {
    for (let i = 0; i < source.length; i++) {
      const row = loader.load(source[i]);
      if (row !== null) rows.push(row);
    }
  } else {
    for (const item of source as Iterable<unknown>) {
      const row = loader.load(item);
      if (row !== null) rows.push(row);
    }
  }
  return { rows, dropped: loader.dropped, half_read: loader.halfRead };
}

async function loadAsync(source: AsyncIterable<unknown>, loader: RowLoader): Promise<LoadReport> {
  const rows: TraceRow[] = [];
  for await (const item of source) {
    const row = loader.load(item);
    if (row !== null) rows.push(row);
  }
  return { rows, dropped: loader.dropped, half_read: loader.halfRead };
}

/** Canonicalises rows one at a time for one set of options, counting what it drops. */
export interface RowLoaderHandle {
  /** The canonical row, or null when the row is dropped (then counted in `dropped`). */
  load(row: unknown): TraceRow | null;
  readonly dropped: DroppedCounts;
  /** Kept rows with at least one part that could not be read. */
  readonly halfRead: number;
}

/**
 * `loadTraces` one row at a time, for readers that must say which record a dropped row was (its
 * line): the options are checked once, and each row is read exactly as `loadTraces` reads it.
 * `onHalfRead(reason)` is told, while a row loads, of each part of it that could not be read.
 */
export function rowLoader(options?: LoadOptions, onHalfRead?: (reason: string) => void): RowLoaderHandle {
  const { rewardKey, threshold } = parseOptions(LoadOptionsSchema, options, "rowLoader");
  return new RowLoader(rewardKey as LoadOptions["rewardKey"], threshold, onHalfRead);
}
