/**
 * Trace commands: grade a run, read what the traces hold for training, cut datasets from them.
 * This module only declares them; the calls are in `traces-run.ts`, loaded when one runs.
 */
import { Argument, InvalidArgumentError, Option, type Command } from "commander";
import { parseFraction } from "../../args.js";
import { examples, platformCommand, type ConnectionOptions } from "./connection.js";

export interface FilterOptions extends ConnectionOptions {
  agent?: string;
  since?: string;
  model?: string;
  tool?: string;
  evalSet?: string;
  measure?: string;
}

export interface CutCommandOptions extends FilterOptions {
  kind: string;
  holdout?: number;
  band?: [number, number];
  name?: string;
}

export interface ScoreOptions extends ConnectionOptions {
  name: string;
}

/** The trace filter options shared by `cuts` and `cut`. */
function withFilters(command: Command): Command {
  return command
    .option("--agent <slug>", "only this agent's traces")
    .addOption(new Option("--since <window>", "only traces this recent").choices(["all", "24h", "7d"]).default("all"))
    .option("--model <model>", "only runs of this model")
    .option("--tool <tool>", "only runs that called this tool")
    .option("--eval-set <name>", "only runs of this eval set")
    .option("--measure <name>", "grade by this score name");
}

/** `--band lo,hi`: two fractions, lo < hi. */
export function parseBand(value: string): [number, number] {
  const parts = value.split(",");
  if (parts.length !== 2) throw new InvalidArgumentError(`expected lo,hi (e.g. 0.2,0.8), got ${JSON.stringify(value)}`);
  const [lo, hi] = parts.map((p) => parseFraction(p.trim())) as [number, number];
  if (!(lo < hi)) throw new InvalidArgumentError(`expected lo < hi, got ${value}`);
  return [lo, hi];
}

/** A score: a number, or true/false (sent as 1.0/0.0). */
export function parseScore(value: string): number | boolean {
  if (value === "true" || value === "false") return value === "true";
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number)) throw new InvalidArgumentError(`expected a number or true/false, got ${JSON.stringify(value)}`);
  return number;
}

// Loaded when a command runs, so `--help` never waits for the platform client (undici, zod).
const run = () => import("./traces-run.js");

export function registerTraces(program: Command): void {
  withFilters(platformCommand(program, "cuts", "Read what your traces hold for training: prompts in the RL band, runs worth copying, what is missing."))
    .addHelpText("after", examples("wai cuts --agent support-bot", "wai cuts --since 7d --json"))
    .action(async (options: FilterOptions) => (await run()).runCuts(options));

  withFilters(platformCommand(program, "cut", "Make a train dataset (and a task-disjoint holdout) from your traces."))
    .addOption(new Option("--kind <kind>", "rl: prompts whose pass rate sits in the band; sft: the best passing run of each prompt").choices(["rl", "sft"]).default("rl"))
    .option("--holdout <fraction>", "share of prompts held out (0 sends none)", parseFraction)
    .option("--band <lo,hi>", "pass-rate band of an RL cut (the platform's default: 0.2,0.8)", parseBand)
    .option("--name <name>", "name of the train dataset (the holdout gets -holdout)")
    .addHelpText("after", examples("wai cut --agent support-bot --kind rl --holdout 0.2", "wai cut --kind sft --name support-sft --json"))
    .action(async (options: CutCommandOptions) => (await run()).runCut(options));

  platformCommand(program, "score", "Grade a run: send a score for a trace (a run passes at 1.0 or more).")
    .argument("<trace-id>", "the run being graded")
    .addArgument(new Argument("<value>", "a number, or true/false (1.0/0.0)").argParser(parseScore))
    .option("--name <name>", "name of the measurement", "score")
    .addHelpText("after", examples("wai score 4bf92f3577b34da6a3ce929d0e0e4736 1", "wai score 4bf92f3577b34da6a3ce929d0e0e4736 0.4 --name helpfulness"))
    .action(async (traceId: string, value: number | boolean, options: ScoreOptions) => (await run()).runScore(traceId, value, options));
}
