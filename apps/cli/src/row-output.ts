/**
 * Rows written to a path in the format its extension names (`wai rows -o`, `wai split --train /
 * --holdout`, `wai flaws -o`, `wai leak --drop-to`): JSON Lines for stdout and for a path with no
 * extension (a device or pipe such as /dev/stdout), else `.jsonl`/`.ndjson`, `.parquet`, `.csv` or
 * `.tsv`. JSON Lines stream; the table formats are written whole.
 */
import { basename, extname } from "node:path";
import { rowFileFormat, writeRowsFile, type RowFileFormat } from "@whileai/ingest/node";
import type { TraceRow } from "@whileai/traces";
import { CliError, UsageError } from "./errors.js";
import { resolvePath } from "./io.js";
import { LineSink, isStdout } from "./output.js";

const FORMATS_SAID = ".jsonl or .ndjson (JSON Lines), .parquet, .csv or .tsv";

/** The format `path` asks for; an extension that names none is a usage error naming `flag`. Tell it before reading, so a slip costs no read. */
export function outputFormat(path: string | undefined, flag = "-o"): RowFileFormat {
  if (path === undefined || isStdout(path)) return "jsonl";
  const extension = extname(basename(path));
  if (extension === "") return "jsonl";
  const format = rowFileFormat(path);
  if (format === undefined) throw new UsageError(`${flag} ${path}: cannot write rows as "${extension}"; the extension names the format: ${FORMATS_SAID}`);
  return format;
}

/** Writes `rows` to `path` (stdout for `-`) in the format its extension names; resolves to the rows written. */
export async function writeRowsTo(path: string, rows: Iterable<TraceRow>, flag = "-o"): Promise<number> {
  const format = outputFormat(path, flag);
  if (format === "jsonl") {
    const sink = new LineSink(path);
    for (const row of rows) await sink.write(JSON.stringify(row));
    await sink.close();
    return sink.lines;
  }
  const all = [...rows];
  await writeTable(path, all, format);
  return all.length;
}

/** A table format, written whole (a Parquet footer comes last and types its columns from every row). */
export async function writeTable(path: string, rows: readonly TraceRow[], format: Exclude<RowFileFormat, "jsonl">): Promise<void> {
  if (rows.length === 0 && format === "parquet") throw new CliError(`cannot write ${path}: no rows were read, and a Parquet file needs at least one row to type its columns`);
  try {
    await writeRowsFile(resolvePath(path), rows as readonly Record<string, unknown>[], format);
  } catch (error) {
    throw new CliError(`cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
}
