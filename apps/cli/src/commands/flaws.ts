/**
 * `wai flaws`: which rows are flawed (a faulted call or a failing label, as `flawRows` says) and
 * how each tool's calls faulted, by fault chip. This module only declares the command; the work
 * is in `flaws-run.ts`, loaded when it runs.
 */
import type { Command } from "commander";
import { addInputOptions, type InputFlags } from "./input-options.js";

export interface FlawsFlags extends InputFlags {
  output?: string;
  json?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command("flaws")
    .description("Count flawed rows (a faulted call or a failing label) and each tool's faults.")
    .argument("[inputs...]", "trace files in any supported format (- or none for stdin)")
    .option("-o, --output <file>", "also write the flawed rows there: JSON Lines, or .parquet / .csv / .tsv by the extension");
  addInputOptions(command)
    .option("--json", "print the counts as JSON")
    .addHelpText(
      "after",
      `
Example:
  $ wai flaws examples/support-canonical.jsonl
  $ wai flaws examples/coding-tool-trace.jsonl --json -o flawed.jsonl`,
    )
    .action(async (inputs: string[], flags: FlawsFlags) => {
      const { runFlaws } = await import("./flaws-run.js");
      await runFlaws(inputs, flags);
    });
}
