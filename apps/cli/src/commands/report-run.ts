/** What `wai report` does once its command line is parsed: read the inputs, build the report, print it. */
import { readFile } from "node:fs/promises";
import { describeSource } from "@whileai/ingest";
import { formatTraceReport, onDeprecation, traceReport, type ToolSchema } from "@whileai/traces";
import { CliError } from "../errors.js";
import { readInputs, reportInputs } from "../input/index.js";
import { resolvePath } from "../io.js";
import { note, writeJson, writeText } from "../output.js";
import { cliWording } from "../wording.js";
import { readOptions } from "./input-options.js";
import type { ReportFlags } from "./report.js";

export async function runReport(inputs: string[], flags: ReportFlags): Promise<void> {
  const tools = flags.tools === undefined ? undefined : await readTools(flags.tools);
  const policy = flags.policy === undefined ? undefined : await readText(flags.policy);
  // Raw rows: the label census must see labels as the file holds them, as Python's trace_report does.
  const { rows, inputs: reports } = await readInputs(inputs, { ...readOptions(flags), raw: true });
  const report = withoutDeprecations(() => traceReport(rows, { tools, policy, rewardKey: flags.rewardKey, threshold: flags.threshold }));
  if (flags.json) {
    writeJson({ ...report, inputs: reports });
    return;
  }
  // Which reader each input went to, told by its content: the first thing to check when rows look wrong.
  for (const input of reports) note(describeSource(input));
  reportInputs(reports);
  // `--json` keeps the report's warnings as both SDKs write them; the text names the flags.
  writeText(cliWording(formatTraceReport(report), { toolsGiven: report.emphasis !== undefined }));
}

/** The legacy-label deprecation says what the report's own warning says, so it is printed once: there. */
function withoutDeprecations<T>(work: () => T): T {
  const previous = onDeprecation(() => {});
  try {
    return work();
  } finally {
    onDeprecation(previous);
  }
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(resolvePath(path), "utf8");
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
