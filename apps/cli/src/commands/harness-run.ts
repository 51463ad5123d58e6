/** What `wai harness` does once its command line is parsed: read the traces, infer the harness, write it. */
import { inferHarness } from "@whileai/traces";
import { readInputs, reportInputs } from "../input/index.js";
import { formatJson, isStdout, note, writeTextFile } from "../output.js";
import type { HarnessFlags } from "./harness.js";
import { readOptions } from "./input-options.js";

export async function runHarness(inputs: string[], flags: HarnessFlags): Promise<void> {
  const { rows, inputs: reports } = await readInputs(inputs, readOptions(flags));
  const harness = inferHarness(rows);
  reportInputs(reports);
  await writeTextFile(flags.output, formatJson(harness));
  if (!isStdout(flags.output)) note(`wrote ${harness.tools.length} tool schema${harness.tools.length === 1 ? "" : "s"} to ${flags.output}`);
}
