/** `wai rows`: any supported input into canonical trajectory rows, one JSON object a line. */
import type { Command } from "commander";
import { reportInputs, streamInputs } from "../input/index.js";
import { LineSink, isStdout, note, writeJson } from "../output.js";
import { addInputOptions, readOptions, type InputFlags } from "./input-options.js";

interface RowsFlags extends InputFlags {
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
      // Streamed: rows are written as they are read, so any size of JSONL passes in bounded memory.
      const sink = new LineSink(flags.output);
      const reports = await streamInputs(inputs, readOptions(flags), async (rows) => {
        for (const row of rows) await sink.write(JSON.stringify(row));
      });
      await sink.close();
      const rows = sink.lines;
      if (flags.json && !isStdout(flags.output)) {
        writeJson({ output: sink.target, rows, inputs: reports });
        return;
      }
      reportInputs(reports);
      if (!isStdout(flags.output)) note(`wrote ${rows} row${rows === 1 ? "" : "s"} to ${sink.target}`);
    });
}
