/**
 * `wai split`: a task-disjoint pseudo-production holdout (`splitPseudoProduction`): every flawed
 * (fault, behaviour) pulls its task into the holdout, then tasks fill it in seeded hash order.
 * This module only declares the command; the work is in `split-run.ts`, loaded when it runs.
 */
import type { Command } from "commander";
import { parseFraction, parseInteger } from "../args.js";
import { addInputOptions, type InputFlags } from "./input-options.js";

export interface SplitFlags extends InputFlags {
  fraction: number;
  seed: number;
  train: string;
  holdout: string;
  json?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command("split")
    .description("Split rows into train and a task-disjoint holdout (flawed tasks first, then a seeded fill).")
    .argument("[inputs...]", "trace files in any supported format (- or none for stdin)")
    .requiredOption("--train <file>", "where the train rows go: JSON Lines, or .parquet / .csv / .tsv by the extension")
    .requiredOption("--holdout <file>", "where the holdout rows go: JSON Lines, or .parquet / .csv / .tsv by the extension")
    .option("--fraction <share>", "share of rows to hold out, 0 to 1; flawed tasks are held even past it", parseFraction, 0.2)
    .option("--seed <integer>", "orders the fill; the same seed gives the same split", parseInteger, 0);
  addInputOptions(command)
    .option("--json", "print the split summary as JSON")
    .addHelpText(
      "after",
      `
No task (scenario_id, else task_id, else prompt) is in both files.

Example:
  $ wai split examples/support-canonical.jsonl --fraction 0.2 --seed 0 --train train.jsonl --holdout holdout.jsonl`,
    )
    .action(async (inputs: string[], flags: SplitFlags) => {
      const { runSplit } = await import("./split-run.js");
      await runSplit(inputs, flags);
    });
}
