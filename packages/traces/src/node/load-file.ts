/**
 * `load_traces(path)`: canonical rows straight from a JSONL file, streamed, so only the kept
 * rows are held in memory. The Node entry's `loadTraces` also takes a path, as Python's does.
 */
import * as z from "zod/mini";
import { RowLoader, type DroppedCounts } from "../rows/canonical-row.js";
import * as rows from "../rows/load.js";
import { parseOptions, type LoadOptions } from "../rows/options.js";
import type { TraceRow } from "../rows/schema.js";
import { readJsonl } from "./read-jsonl.js";

export interface LoadFileOptions extends LoadOptions {
  /** `"throw"` (default, as Python) stops at the first line that is not JSON; `"skip"` counts it and goes on. */
  onInvalid?: "throw" | "skip";
  signal?: AbortSignal;
}

/** Lines skipped under `onInvalid: "skip"`: how many, and the first few line numbers (1-based). */
export interface InvalidLines {
  count: number;
  lines: number[];
}

export interface LoadFileReport {
  rows: TraceRow[];
  dropped: DroppedCounts;
  half_read: number;
  invalid_lines: InvalidLines;
}

/** Line numbers listed in `invalid_lines.lines`; the count is always complete. */
export const INVALID_LINES_LISTED = 20;

const LoadFileOptionsSchema = z.strictObject({
  rewardKey: z.optional(z.unknown()),
  threshold: z.optional(z.unknown()),
  onInvalid: z.optional(z.enum(["throw", "skip"])),
  signal: z.optional(z.instanceof(AbortSignal)),
});

/** Canonical rows of a JSONL file, with what was dropped and which lines were not JSON. */
export async function loadTracesFile(path: string | URL, options?: LoadFileOptions): Promise<LoadFileReport> {
  const { rewardKey, threshold, onInvalid, signal } = parseOptions(LoadFileOptionsSchema, options, "loadTracesFile");
  const loader = new RowLoader(rewardKey as LoadOptions["rewardKey"], threshold);
  const invalid: InvalidLines = { count: 0, lines: [] };
  const onSkip = (error: { line: number }): void => {
    invalid.count++;
    if (invalid.lines.length < INVALID_LINES_LISTED) invalid.lines.push(error.line);
  };
  const kept: TraceRow[] = [];
  for await (const value of readJsonl(path, { onInvalid, onSkip, signal })) {
    const row = loader.load(value);
    if (row !== null) kept.push(row);
  }
  return { rows: kept, dropped: loader.dropped, half_read: loader.halfRead, invalid_lines: invalid };
}

function isPath(source: unknown): source is string | URL {
  return typeof source === "string" || source instanceof URL;
}

/** The in-memory options, with the file-only ones left out. */
function memoryOptions(options: LoadFileOptions | undefined): LoadOptions | undefined {
  if (options === null || typeof options !== "object") return options; // let the main entry say what is wrong
  const { onInvalid: _onInvalid, signal: _signal, ...rest } = options;
  return rest;
}

/**
 * `loadTraces` of the main entry, plus a path (string or file URL) to a JSONL file, read as
 * Python's `load_traces(path)` reads it. A path gives a Promise.
 */
export function loadTraces(source: string | URL, options?: LoadFileOptions): Promise<TraceRow[]>;
export function loadTraces(source: AsyncIterable<unknown>, options?: LoadOptions): Promise<TraceRow[]>;
export function loadTraces(source: Iterable<unknown> | Record<string, unknown>, options?: LoadOptions): TraceRow[];
export function loadTraces(source: rows.TraceSource | URL, options?: LoadFileOptions): TraceRow[] | Promise<TraceRow[]>;
export function loadTraces(source: rows.TraceSource | URL, options?: LoadFileOptions): TraceRow[] | Promise<TraceRow[]> {
  if (isPath(source)) return loadTracesFile(source, options).then((report) => report.rows);
  return rows.loadTraces(source, memoryOptions(options));
}

/** `loadTracesWithReport` of the main entry, plus a path: then the report also lists `invalid_lines`. */
export function loadTracesWithReport(source: string | URL, options?: LoadFileOptions): Promise<LoadFileReport>;
export function loadTracesWithReport(source: AsyncIterable<unknown>, options?: LoadOptions): Promise<rows.LoadReport>;
export function loadTracesWithReport(source: Iterable<unknown> | Record<string, unknown>, options?: LoadOptions): rows.LoadReport;
export function loadTracesWithReport(
  source: rows.TraceSource | URL,
  options?: LoadFileOptions,
): rows.LoadReport | Promise<rows.LoadReport | LoadFileReport>;
export function loadTracesWithReport(
  source: rows.TraceSource | URL,
  options?: LoadFileOptions,
): rows.LoadReport | Promise<rows.LoadReport | LoadFileReport> {
  if (isPath(source)) return loadTracesFile(source, options);
  return rows.loadTracesWithReport(source, memoryOptions(options));
}
