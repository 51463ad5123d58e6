/** Agent commands: list, register, purge. */
import { readFile } from "node:fs/promises";
import { agents, purgeAgent, registerAgent } from "@whileai/platform/node";
import type { Command } from "commander";
import { CliError, UsageError } from "../../errors.js";
import { writeJson, writeText } from "../../output.js";
import { connect, examples, platformCommand, type ConnectionOptions } from "./connection.js";
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
    text = await readFile(path, "utf8");
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

interface RegisterOptions extends ConnectionOptions {
  description?: string;
  tools?: string;
  systemPrompt?: string;
}

interface PurgeOptions extends ConnectionOptions {
  dryRun?: boolean;
  yes?: boolean;
}

export function registerAgents(program: Command): void {
  platformCommand(program, "agents", "List your agents with their traces, datasets and catalog cards.")
    .addHelpText("after", examples("wai agents", "wai agents --json"))
    .action(async (options: ConnectionOptions) => {
      const list = await agents(connect(options));
      if (options.json) writeJson(list);
      else writeText(agentsText(list));
    });

  platformCommand(program, "register-agent", "Register an agent (or update it) under the slug of its name.")
    .argument("<name>", 'e.g. "Support Bot" (slug support-bot)')
    .option("--description <text>", "what the agent does")
    .option("--tools <file>", "JSON file with the list of its tool schemas")
    .option("--system-prompt <text>", "its system prompt")
    .addHelpText("after", examples('wai register-agent "Support Bot" --description "answers order questions" --tools tools.json'))
    .action(async (name: string, options: RegisterOptions) => {
      const tools = options.tools === undefined ? null : await readTools(options.tools);
      const record = await registerAgent(name, { ...connect(options), description: options.description, tools, systemPrompt: options.systemPrompt });
      if (options.json) return writeJson(record);
      writeText(`registered agent ${cell(isDict(record) ? record["slug"] : name)}`);
    });

  platformCommand(program, "purge-agent", "Delete an agent with all its traces and datasets (--dry-run counts them).")
    .argument("<agent>", "agent slug")
    .option("--dry-run", "count what would be deleted, delete nothing")
    .option("--yes", "really delete (required without --dry-run)")
    .addHelpText("after", examples("wai purge-agent support-bot --dry-run", "wai purge-agent support-bot --yes"))
    .action(async (agent: string, options: PurgeOptions) => {
      if (!options.dryRun && !options.yes) throw new UsageError(`purge-agent deletes every trace and dataset of ${agent}: pass --yes, or --dry-run to count them first`);
      const result = await purgeAgent(agent, { ...connect(options), dryRun: options.dryRun ?? false });
      if (options.json) return writeJson(result);
      const what = `${plural(result.traces, "trace")} and ${plural(result.datasets, "dataset")}`;
      writeText(result.deleted ? `purged ${result.agent}: deleted ${what}` : `${result.agent} has ${what} (dry run: nothing deleted)`);
    });
}
