/**
 * What `wai rows` does once its command line is parsed: read every input's rows and write them in
 * the format the output's extension names. JSON Lines stream through; Parquet, CSV and TSV are
 * written whole, once every input is read.
 */
import type { TraceRow } from "@whileai/traces";
import { reportInputs, streamInputs, type InputReport } from "../input/index.js";
import { LineSink, isStdout, note, writeJson } from "../output.js";
import { outputFormat, writeTable } from "../row-output.js";
import { readOptions } from "./input-options.js";
import type { RowsFlags } from "./rows.js";

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
    await writeTable(target, all, format);
    rows = all.length;
  }
  if (flags.json && !isStdout(output)) {
    writeJson({ output: target, rows, inputs: reports, format });
    return;
  }
  reportInputs(reports);
  if (!isStdout(output)) note(`wrote ${rows} row${rows === 1 ? "" : "s"} to ${target}`);
}
