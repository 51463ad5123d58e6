/**
 * Reading what the user gave: files or stdin, through the one front door (`@whileai/ingest`),
 * which tells each input's format by its content and reports what it dropped.
 */
import { describeLosses, streamTraces, streamTracesFile, type ReadTracesOptions, type RowBatchSink, type SourceReport } from "@whileai/ingest/node";
import type { TraceRow } from "@whileai/traces";
import { UsageError } from "../errors.js";
import { currentIo, resolvePath } from "../io.js";
import { note } from "../output.js";

export { PROBLEMS_LISTED } from "@whileai/ingest/node";
export type { RowBatchSink, SourceReport as InputReport } from "@whileai/ingest/node";
export type ReadInputOptions = Omit<ReadTracesOptions, "name">;

/** What `-` (or no input with piped stdin) is called in messages and reports. */
export const STDIN_NAME = "stdin";

/**
 * The rows of one input handed to `sink` in batches as they are read; resolves to its report. A
 * file is read at offsets (Parquet footer first, then a row group at a time; other formats in
 * 1 MiB reads). Stdin, a pipe (`<(zcat ...)`, a FIFO) or a device is a stream: read through, a
 * Parquet or Arrow table there is held whole.
 */
export async function streamInput(path: string, options: ReadInputOptions, sink: RowBatchSink): Promise<SourceReport> {
  if (path === "-") return streamTraces(currentIo().stdin as AsyncIterable<Uint8Array>, { ...options, name: STDIN_NAME }, sink);
  // Named as the user wrote it; opened where the run's working directory puts it.
  const file = resolvePath(path);
  return streamTracesFile(file, { ...options, name: path }, sink);
}

/** All rows of one input, and its report. */
export async function readInput(path: string, options: ReadInputOptions = {}): Promise<{ rows: TraceRow[]; report: SourceReport }> {
  const rows: TraceRow[] = [];
  const report = await streamInput(path, options, (batch) => {
    for (const row of batch) rows.push(row);
  });
  return { rows, report };
}

/**
 * Rows of every input in order. `-` is stdin; no inputs at all means stdin when it is piped (a
 * terminal there is a usage error, not a silent wait). Stdin can be given once.
 */
export async function readInputs(paths: readonly string[], options: ReadInputOptions = {}): Promise<{ rows: TraceRow[]; inputs: SourceReport[] }> {
  const rows: TraceRow[] = [];
  const inputs: SourceReport[] = [];
  for (const path of resolveInputPaths(paths)) {
    inputs.push(
      await streamInput(path, options, (batch) => {
        for (const row of batch) rows.push(row);
      }),
    );
  }
  return { rows, inputs };
}

/** `readInputs` without holding the rows: each input's rows go to `sink` in batches, in order. */
export async function streamInputs(paths: readonly string[], options: ReadInputOptions, sink: RowBatchSink): Promise<SourceReport[]> {
  const inputs: SourceReport[] = [];
  for (const path of resolveInputPaths(paths)) inputs.push(await streamInput(path, options, sink));
  return inputs;
}

export function resolveInputPaths(paths: readonly string[]): string[] {
  if (paths.length === 0) {
    if (currentIo().stdin.isTTY) throw new UsageError("no input: give trace files, or pipe them to stdin");
    return ["-"];
  }
  if (paths.filter((path) => path === "-").length > 1) throw new UsageError("stdin (-) can be read only once");
  return [...paths];
}

/** One stderr note per input that lost anything, so nothing the user gave disappears unremarked. */
export function reportInputs(inputs: readonly SourceReport[]): void {
  for (const input of inputs) {
    const losses = describeLosses(input);
    if (losses !== null) note(losses);
  }
}
