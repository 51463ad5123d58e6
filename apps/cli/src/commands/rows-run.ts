/**
 * What `wai rows` does once its command line is parsed: read every input's rows and write them in
 * the format the output's extension names. JSON Lines stream through; Parquet, CSV and TSV are
 * written whole, once every input is read.
 */
import { basename, extname } from "node:path";
import { rowFileFormat, writeRowsFile, type RowFileFormat } from "@whileai/ingest/node";
import type { TraceRow } from "@whileai/traces";
import { CliError, UsageError } from "../errors.js";
import { reportInputs, streamInputs, type InputReport } from "../input/index.js";
import { resolvePath } from "../io.js";
import { LineSink, isStdout, note, writeJson } from "../output.js";
import { readOptions } from "./input-options.js";
import type { RowsFlags } from "./rows.js";

const FORMATS_SAID = ".jsonl or .ndjson (JSON Lines), .parquet, .csv or .tsv";

export async function runRows(inputs: string[], flags: RowsFlags): Promise<void> {
  const output = flags.output ?? flags.out;
  // Told before anything is read, so a slip in the name costs no read of a large input.
  const format = outputFormat(output);
  const options = readOptions(flags);
  let rows: number;
  let target: string;
  let reports: InputReport[];
  if (format === "jsonl") {
    // Streamed: rows are written as they are read, so any size of JSONL passes in bounded memory.
    const sink = new LineSink(output);
    reports = await streamInputs(inputs, options, async (batch) => {
      for (const row of batch) await sink.write(JSON.stringify(row));
    });
    await sink.close();
    rows = sink.lines;
    target = sink.target;
  } else {
    // A Parquet file is typed from all its rows and its footer comes last; CSV's columns are every key seen: whole.
    const all: TraceRow[] = [];
    reports = await streamInputs(inputs, options, (batch) => {
      for (const row of batch) all.push(row);
    });
    target = output as string;
    await writeWhole(target, all, format);
    rows = all.length;
  }
  if (flags.json && !isStdout(output)) {
    writeJson({ output: target, rows, inputs: reports, format });
    return;
  }
  reportInputs(reports);
  if (!isStdout(output)) note(`wrote ${rows} row${rows === 1 ? "" : "s"} to ${target}`);
}

/**
 * The format `path` asks for: JSON Lines for stdout and for a path with no extension (a device or
 * pipe such as /dev/stdout, as before formats were told by name), else the one its extension names.
 */
export function outputFormat(path: string | undefined): RowFileFormat {
  if (path === undefined || isStdout(path)) return "jsonl";
  const extension = extname(basename(path));
  if (extension === "") return "jsonl";
  const format = rowFileFormat(path);
  if (format === undefined) throw new UsageError(`-o ${path}: cannot write rows as "${extension}"; the extension names the format: ${FORMATS_SAID}`);
  return format;
}

async function writeWhole(path: string, rows: readonly TraceRow[], format: RowFileFormat): Promise<void> {
  // A Parquet file types its columns from its rows: with none there is nothing to type them from.
  if (rows.length === 0 && format === "parquet") throw new CliError(`cannot write ${path}: no rows were read, and a Parquet file needs at least one row to type its columns`);
  try {
    await writeRowsFile(resolvePath(path), rows as readonly Record<string, unknown>[], format);
  } catch (error) {
    throw new CliError(`cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
}
