/**
 * `wai rows`: any supported input into canonical trajectory rows, written as JSON Lines, Parquet,
 * CSV or TSV. This module only declares the command; the work is in `rows-run.ts`, loaded when it runs.
 */
import { Option, type Command } from "commander";
import { addInputOptions, type InputFlags } from "./input-options.js";

export interface RowsFlags extends InputFlags {
  output?: string;
  /** `--out`, the same as `-o/--output`. */
  out?: string;
  json?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command("rows")
    .description("Normalise traces of any supported format into trajectory rows (JSON Lines, Parquet, CSV or TSV).")
    .argument("[inputs...]", "trace files (- or none for stdin)")
    .option("-o, --output <file>", "where the rows go, the format told by the extension: .jsonl/.ndjson, .parquet, .csv, .tsv (- for stdout, the default: JSON Lines)")
    .addOption(new Option("--out <file>", "the same as -o/--output").conflicts("output"));
  addInputOptions(command)
    .option("--json", "when writing to a file, print a summary of what was read as JSON on stdout")
    .addHelpText(
      "after",
      `
Formats read are detected from the content: row JSONL or JSON arrays, OpenAI/Anthropic message
exports, OTLP JSON, OTLP JSON Lines and OTLP protobuf, Parquet, CSV/TSV and Arrow IPC (file or
stream), each optionally gzipped.

JSON Lines (stdout, .jsonl, .ndjson or a path with no extension) are written as they are read, so
any size passes in bounded memory. Parquet, CSV and TSV files are written whole once every input is
read: memory holds all the rows. Parquet columns follow the rows (steps and messages are lists of
structs); CSV/TSV cells of nested values are JSON text, which wai reads back.

Example:
  $ wai rows examples/otel/genai.otlp.pb examples/openai-messages.jsonl -o rows.jsonl
  $ wai rows examples/support-canonical.jsonl -o rows.parquet
  $ gunzip -c traces.jsonl.gz | wai rows - > rows.jsonl`,
    )
    .action(async (inputs: string[], flags: RowsFlags) => {
      const { runRows } = await import("./rows-run.js");
      await runRows(inputs, flags);
    });
}
