/**
 * `wai harness`: draft the agent's tool schemas from the calls its traces made (`inferHarness`).
 * This module only declares the command; the work is in `harness-run.ts`, loaded when it runs.
 */
import type { Command } from "commander";
import { addInputOptions, type InputFlags } from "./input-options.js";

export interface HarnessFlags extends InputFlags {
  output?: string;
}

export function register(program: Command): void {
  const command = program
    .command("harness")
    .description("Draft tool JSON schemas (OpenAI function format) from the tool calls seen in traces.")
    .argument("[inputs...]", "trace files in any supported format (- or none for stdin)")
    .option("-o, --output <file>", "where the harness JSON goes (- for stdout, the default)");
  addInputOptions(command).addHelpText(
    "after",
    `
The harness is JSON: {"tools": [...], "policy": "", "observed_calls": {...}}. Argument types are
drafted from the values seen; "policy" is left for you to write (exports carry no system prompt).
Use it as --tools for "wai report".

Example:
  $ wai harness examples/support-canonical.jsonl -o harness.json
  $ wai report examples/support-canonical.jsonl --tools harness.json`,
  )
    .action(async (inputs: string[], flags: HarnessFlags) => {
      const { runHarness } = await import("./harness-run.js");
      await runHarness(inputs, flags);
    });
}
