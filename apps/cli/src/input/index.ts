/** Reading what the user gave: files or stdin, any supported format, with what was dropped. */
import type { TraceRow } from "@whileai/traces";
import { UsageError } from "../errors.js";
import { currentIo } from "../io.js";
import { note } from "../output.js";
import { readInput, streamInput, type InputReport, type ReadInputOptions, type RowBatchSink } from "./read-input.js";

export { readInput, streamInput, INVALID_LINES_LISTED } from "./read-input.js";
export type { InputFormat, InputReport, ReadInputOptions, RowBatchSink } from "./read-input.js";
export { STDIN_NAME } from "./byte-source.js";

/**
 * Rows of every input in order. `-` is stdin; no inputs at all means stdin when it is piped (a
 * terminal there is a usage error, not a silent wait). Stdin can be given once.
 */
export async function readInputs(paths: readonly string[], options: ReadInputOptions = {}): Promise<{ rows: TraceRow[]; inputs: InputReport[] }> {
  const list = resolveInputPaths(paths);
  const rows: TraceRow[] = [];
  const inputs: InputReport[] = [];
  for (const path of list) {
    const one = await readInput(path, options);
    // push one by one: spreading a million rows into push() overflows the call stack.
    for (const row of one.rows) rows.push(row);
    inputs.push(one.report);
  }
  return { rows, inputs };
}

/** `readInputs` without holding the rows: each input's rows go to `sink` in batches, in order. */
export async function streamInputs(paths: readonly string[], options: ReadInputOptions, sink: RowBatchSink): Promise<InputReport[]> {
  const inputs: InputReport[] = [];
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
export function reportInputs(inputs: readonly InputReport[]): void {
  for (const input of inputs) {
    const parts: string[] = [];
    const { invalid_lines, not_object, no_signal } = input.dropped;
    if (invalid_lines > 0) {
      const listed = input.invalid_lines.join(", ");
      parts.push(`${invalid_lines} line${invalid_lines === 1 ? "" : "s"} not JSON (line${invalid_lines === 1 ? "" : "s"} ${listed}${invalid_lines > input.invalid_lines.length ? ", ..." : ""})`);
    }
    if (not_object > 0) parts.push(`${not_object} value${not_object === 1 ? "" : "s"} not a JSON object`);
    if (no_signal > 0) parts.push(`${no_signal} row${no_signal === 1 ? "" : "s"} with neither a prompt nor a step`);
    if (parts.length > 0) note(`${input.input}: dropped ${parts.join(", ")}; kept ${input.rows} row${input.rows === 1 ? "" : "s"}`);
    else if (input.format === "empty") note(`${input.input}: empty, no rows`);
  }
}
