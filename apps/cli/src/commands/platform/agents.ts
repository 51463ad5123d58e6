/**
 * Agent commands: list, register, purge. This module only declares them; the calls are in
 * `agents-run.ts`, loaded when one runs.
 */
import type { Command } from "commander";
import { examples, platformCommand, type ConnectionOptions } from "./connection.js";

export interface RegisterOptions extends ConnectionOptions {
  description?: string;
  tools?: string;
  systemPrompt?: string;
}

export interface PurgeOptions extends ConnectionOptions {
  dryRun?: boolean;
  yes?: boolean;
}

// Loaded when a command runs, so `--help` never waits for the platform client (undici, zod).
const run = () => import("./agents-run.js");

export function registerAgents(program: Command): void {
  platformCommand(program, "agents", "List your agents with their traces, datasets and catalog cards.")
    .addHelpText("after", examples("wai agents", "wai agents --json"))
    .action(async (options: ConnectionOptions) => (await run()).runAgents(options));

  platformCommand(program, "register-agent", "Register an agent (or update it) under the slug of its name.")
    .argument("<name>", 'e.g. "Support Bot" (slug support-bot)')
    .option("--description <text>", "what the agent does")
    .option("--tools <file>", "JSON file with the list of its tool schemas")
    .option("--system-prompt <text>", "its system prompt")
    .addHelpText("after", examples('wai register-agent "Support Bot" --description "answers order questions" --tools tools.json'))
    .action(async (name: string, options: RegisterOptions) => (await run()).runRegisterAgent(name, options));

  platformCommand(program, "purge-agent", "Delete an agent with all its traces and datasets (--dry-run counts them).")
    .argument("<agent>", "agent slug")
    .option("--dry-run", "count what would be deleted, delete nothing")
    .option("--yes", "really delete (required without --dry-run)")
    .addHelpText("after", examples("wai purge-agent support-bot --dry-run", "wai purge-agent support-bot --yes"))
    .action(async (agent: string, options: PurgeOptions) => (await run()).runPurgeAgent(agent, options));
}
