/** What `wai rows` does once its command line is parsed: stream every input's rows to the output. */
import { reportInputs, streamInputs } from "../input/index.js";
import { LineSink, isStdout, note, writeJson } from "../output.js";
import { readOptions } from "./input-options.js";
import type { RowsFlags } from "./rows.js";

export async function runRows(inputs: string[], flags: RowsFlags): Promise<void> {
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
}
