/** The agent commands' work once their command lines are parsed. */
import { readFile } from "node:fs/promises";
import { agents, purgeAgent, registerAgent } from "@whileai/platform/node";
import { CliError, UsageError } from "../../errors.js";
import { resolvePath } from "../../io.js";
import { writeJson, writeText } from "../../output.js";
import type { PurgeOptions, RegisterOptions } from "./agents.js";
import { connect } from "./connect.js";
import type { ConnectionOptions } from "./connection.js";
import { cell, isDict, listOf, plural, table } from "./format.js";

function agentsText(list: unknown[]): string {
  const entries = listOf(list, "agents");
  if (entries.length === 0) return "no agents yet: register one with `wai register-agent <name>`, or send traces";
  const sets = (v: unknown) =>
    isDict(v) && Object.keys(v).length
      ? Object.entries(v)
          .map(([purpose, n]) => `${cell(n)} ${purpose}`)
          .join(", ")
      : "-";
  const rows = entries.map((a) => [cell(a["slug"]), cell(a["name"]), cell(a["traces"]), sets(a["sets"]), cell(a["cards"])]);
  return `${table(["SLUG", "NAME", "TRACES", "SETS", "CARDS"], rows)}\n${plural(entries.length, "agent")}`;
}

/** `--tools`: a JSON file holding a list of tool schemas. */
async function readTools(path: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(resolvePath(path), "utf8");
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  let tools: unknown;
  try {
    tools = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: not JSON: ${(error as Error).message}`, { cause: error });
  }
  if (!Array.isArray(tools)) throw new CliError(`${path}: expected a JSON list of tool schemas, got ${tools === null ? "null" : typeof tools}`);
  return tools;
}

export async function runAgents(options: ConnectionOptions): Promise<void> {
  const list = await agents(connect(options));
  if (options.json) writeJson(list);
  else writeText(agentsText(list));
}

export async function runRegisterAgent(name: string, options: RegisterOptions): Promise<void> {
  const tools = options.tools === undefined ? null : await readTools(options.tools);
  const record = await registerAgent(name, { ...connect(options), description: options.description, tools, systemPrompt: options.systemPrompt });
  if (options.json) return writeJson(record);
  writeText(`registered agent ${cell(isDict(record) ? record["slug"] : name)}`);
}

export async function runPurgeAgent(agent: string, options: PurgeOptions): Promise<void> {
  if (!options.dryRun && !options.yes) throw new UsageError(`purge-agent deletes every trace and dataset of ${agent}: pass --yes, or --dry-run to count them first`);
  const result = await purgeAgent(agent, { ...connect(options), dryRun: options.dryRun ?? false });
  if (options.json) return writeJson(result);
  const what = `${plural(result.traces, "trace")} and ${plural(result.datasets, "dataset")}`;
  writeText(result.deleted ? `purged ${result.agent}: deleted ${what}` : `${result.agent} has ${what} (dry run: nothing deleted)`);
}
