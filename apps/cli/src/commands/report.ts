/** `wai report`: what a batch of traces holds (counts, tools, faults, labels), as `formatTraceReport` prints it. */
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { formatTraceReport, traceReport, type ToolSchema } from "@whileai/traces";
import { CliError } from "../errors.js";
import { readInputs, reportInputs } from "../input/index.js";
import { note, writeJson, writeText } from "../output.js";
import { addInputOptions, readOptions, type InputFlags } from "./input-options.js";

interface ReportFlags extends InputFlags {
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
      const tools = flags.tools === undefined ? undefined : await readTools(flags.tools);
      const policy = flags.policy === undefined ? undefined : await readText(flags.policy);
      // Raw rows: the label census must see labels as the file holds them, as Python's trace_report does.
      const { rows, inputs: reports } = await readInputs(inputs, { ...readOptions(flags), raw: true });
      const report = traceReport(rows, { tools, policy, rewardKey: flags.rewardKey, threshold: flags.threshold });
      if (flags.json) {
        writeJson({ ...report, inputs: reports });
        return;
      }
      reportInputs(reports);
      writeText(formatTraceReport(report));
      // The report's warnings speak Python (reward_key=, threshold=); say the flags too.
      if (Object.keys(report.unread_numeric_columns ?? {}).length > 0 && flags.rewardKey === undefined) {
        note("to read one of those columns as the label: --reward-key <column> --threshold <bar>");
      }
      if (report.non_binary_labels > 0 && flags.threshold === undefined) {
        note("to read labels that are not 0/1: --threshold <bar>");
      }
    });
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new CliError(`${path}: ${code === "ENOENT" ? "no such file" : (error as Error).message}`, { cause: error });
  }
}

/** The agent's tools: an array of OpenAI function schemas, or an object holding one under `tools`. */
async function readTools(path: string): Promise<ToolSchema[]> {
  const text = await readText(path);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: invalid JSON (${(error as Error).message})`, { cause: error });
  }
  const list = Array.isArray(value) ? value : typeof value === "object" && value !== null && Array.isArray((value as { tools?: unknown }).tools) ? (value as { tools: unknown[] }).tools : undefined;
  if (list === undefined) throw new CliError(`${path}: expected a JSON array of tool schemas, or an object with a "tools" array`);
  list.forEach((tool, index) => {
    if (typeof tool !== "object" || tool === null || Array.isArray(tool)) throw new CliError(`${path}: tool ${index} is not an object (expected an OpenAI function schema)`);
  });
  return list as ToolSchema[];
}
