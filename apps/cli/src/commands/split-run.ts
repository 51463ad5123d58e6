/** What `wai split` does once its command line is parsed: read, split, write both parts, summarise. */
import { splitPseudoProduction, type TraceRow } from "@whileai/traces";
import { taskIdentity } from "@whileai/traces/internal";
import { UsageError } from "../errors.js";
import { readInputs, reportInputs } from "../input/index.js";
import { currentIo } from "../io.js";
import { isStdout, writeJson, writeText } from "../output.js";
import { outputFormat, writeRowsTo } from "../row-output.js";
import { readOptions } from "./input-options.js";
import type { SplitFlags } from "./split.js";

export async function runSplit(inputs: string[], flags: SplitFlags): Promise<void> {
  if (isStdout(flags.train) && isStdout(flags.holdout)) throw new UsageError("--train and --holdout cannot both be stdout");
  if (flags.train === flags.holdout) throw new UsageError("--train and --holdout must be different files");
  outputFormat(flags.train, "--train");
  outputFormat(flags.holdout, "--holdout");
  const { rows, inputs: reports } = await readInputs(inputs, readOptions(flags));
  const [holdout, train] = splitPseudoProduction(rows, { fraction: flags.fraction, seed: flags.seed });
  await writeRowsTo(flags.holdout, holdout, "--holdout");
  await writeRowsTo(flags.train, train, "--train");
  const summary = {
    rows: rows.length,
    fraction: flags.fraction,
    seed: flags.seed,
    train: { path: flags.train, rows: train.length, tasks: countTasks(train, rows) },
    holdout: { path: flags.holdout, rows: holdout.length, tasks: countTasks(holdout, rows) },
    inputs: reports,
  };
  if (flags.json) {
    writeJson(summary);
    return;
  }
  reportInputs(reports);
  // Stdout may carry rows (--train - or --holdout -): the summary then goes to stderr.
  const print = isStdout(flags.train) || isStdout(flags.holdout) ? (text: string) => currentIo().stderr.write(`${text}\n`) : writeText;
  print(
    [
      `split ${rows.length} rows (fraction ${flags.fraction}, seed ${flags.seed}):`,
      `  holdout: ${holdout.length} rows, ${summary.holdout.tasks} tasks -> ${flags.holdout}`,
      `  train:   ${train.length} rows, ${summary.train.tasks} tasks -> ${flags.train}`,
    ].join("\n"),
  );
}

/** Distinct tasks among `part`, identified as the split identifies them (a keyless row is its own task). */
function countTasks(part: readonly TraceRow[], all: readonly TraceRow[]): number {
  const indexOf = new Map<TraceRow, number>();
  for (const [index, row] of all.entries()) indexOf.set(row, index);
  const tasks = new Set<string>();
  for (const row of part) {
    const [kind, key] = taskIdentity(row, indexOf.get(row) ?? -1);
    tasks.add(`${kind}\u0000${key}`);
  }
  return tasks.size;
}
