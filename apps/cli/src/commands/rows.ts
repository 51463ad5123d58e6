/**
 * `wai rows`: any supported input into canonical trajectory rows, one JSON object a line. This
 * module only declares the command; the work is in `rows-run.ts`, loaded when it runs.
 */
import type { Command } from "commander";
import { addInputOptions, type InputFlags } from "./input-options.js";

export interface RowsFlags extends InputFlags {
  output?: string;
  json?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command("rows")
    .description("Normalise traces of any supported format into trajectory rows (JSON Lines).")
    .argument("[inputs...]", "trace files (- or none for stdin)")
    .option("-o, --output <file>", "where the rows go (- for stdout, the default)");
  addInputOptions(command)
    .option("--json", "when writing to a file, print a summary of what was read as JSON on stdout")
    .addHelpText(
      "after",
      `
Formats are detected from the content: row JSONL or JSON arrays, OpenAI/Anthropic message exports,
OTLP JSON, OTLP JSON Lines and OTLP protobuf, each optionally gzipped.

Example:
  $ wai rows examples/otel/genai.otlp.pb examples/openai-messages.jsonl -o rows.jsonl
  $ gunzip -c traces.jsonl.gz | wai rows - > rows.jsonl`,
    )
    .action(async (inputs: string[], flags: RowsFlags) => {
      const { runRows } = await import("./rows-run.js");
      await runRows(inputs, flags);
    });
}
