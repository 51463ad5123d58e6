/**
 * `wai report`: what a batch of traces holds (counts, tools, faults, labels), as `formatTraceReport`
 * prints it. This module only declares the command; the work is in `report-run.ts`, loaded when it runs.
 */
import type { Command } from "commander";
import { addInputOptions, type InputFlags } from "./input-options.js";

export interface ReportFlags extends InputFlags {
  tools?: string;
  policy?: string;
  json?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command("report")
    .description("Print the trace report: traces, distinct behaviours, labels, tools and faults observed.")
    .argument("[inputs...]", "trace files in any supported format (- or none for stdin)")
    .option("--tools <tools.json>", "the agent's tools (a JSON array of OpenAI function schemas, or {\"tools\": [...]}): adds the grid emphasis and foreign tools")
    .option("--policy <policy.md>", "the agent's policy text, read by the grid builder (with --tools)");
  addInputOptions(command)
    .option("--json", "print the report object as JSON, with the inputs read under \"inputs\"")
    .addHelpText(
      "after",
      `
Example:
  $ wai report examples/support-canonical.jsonl
  $ wai report examples/graded-by-score.jsonl --reward-key score --threshold 0.5 --json
  $ wai report traces.otlp.pb --tools tools.json --policy policy.md`,
    )
    .action(async (inputs: string[], flags: ReportFlags) => {
      const { runReport } = await import("./report-run.js");
      await runReport(inputs, flags);
    });
}
