/** Trace commands: grade a run, read what the traces hold for training, cut datasets from them. */
import { cut, cuts, formatCuts, sendScore, type TraceFilterOptions } from "@whileai/platform/node";
import { Argument, InvalidArgumentError, Option, type Command } from "commander";
import { parseFraction } from "../../args.js";
import { writeJson, writeText } from "../../output.js";
import { connect, examples, platformCommand, type ConnectionOptions } from "./connection.js";
import { cell, isDict, table } from "./format.js";

interface FilterOptions extends ConnectionOptions {
  agent?: string;
  since?: string;
  model?: string;
  tool?: string;
  evalSet?: string;
  measure?: string;
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

function filterOf(options: FilterOptions): TraceFilterOptions {
  return { agent: options.agent, since: options.since, filters: { model: options.model, tool: options.tool, evalSet: options.evalSet, measure: options.measure } };
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

function cutText(reply: Record<string, unknown>): string {
  const made = Array.isArray(reply["made"]) ? reply["made"].filter(isDict) : [];
  const rows = made.map((m) => [cell(m["role"]), cell(m["datasetId"]), cell(m["name"]), cell(m["rows"]), cell(m["prompts"])]);
  const band = Array.isArray(reply["band"]) ? ` (pass-rate band ${reply["band"].map(cell).join("–")})` : "";
  const lines = [`${cell(reply["kind"])} cut${band}:`, table(["ROLE", "ID", "NAME", "ROWS", "PROMPTS"], rows)];
  const train = reply["train"];
  if (isDict(train)) lines.push(`next: wai pull ${cell(train["datasetId"])} -o train.jsonl`);
  return lines.join("\n");
}

export function registerTraces(program: Command): void {
  withFilters(platformCommand(program, "cuts", "Read what your traces hold for training: prompts in the RL band, runs worth copying, what is missing."))
    .addHelpText("after", examples("wai cuts --agent support-bot", "wai cuts --since 7d --json"))
    .action(async (options: FilterOptions) => {
      const report = await cuts({ ...connect(options), ...filterOf(options) });
      if (options.json) writeJson(report);
      else writeText(formatCuts(report, { agent: options.agent }));
    });

  withFilters(platformCommand(program, "cut", "Make a train dataset (and a task-disjoint holdout) from your traces."))
    .addOption(new Option("--kind <kind>", "rl: prompts whose pass rate sits in the band; sft: the best passing run of each prompt").choices(["rl", "sft"]).default("rl"))
    .option("--holdout <fraction>", "share of prompts held out (0 sends none)", parseFraction)
    .option("--band <lo,hi>", "pass-rate band of an RL cut (the platform's default: 0.2,0.8)", parseBand)
    .option("--name <name>", "name of the train dataset (the holdout gets -holdout)")
    .addHelpText("after", examples("wai cut --agent support-bot --kind rl --holdout 0.2", "wai cut --kind sft --name support-sft --json"))
    .action(async (options: FilterOptions & { kind: string; holdout?: number; band?: [number, number]; name?: string }) => {
      const reply = await cut({ ...connect(options), ...filterOf(options), kind: options.kind, holdout: options.holdout, band: options.band, name: options.name });
      if (options.json) writeJson(reply);
      else writeText(cutText(reply));
    });

  platformCommand(program, "score", "Grade a run: send a score for a trace (a run passes at 1.0 or more).")
    .argument("<trace-id>", "the run being graded")
    .addArgument(new Argument("<value>", "a number, or true/false (1.0/0.0)").argParser(parseScore))
    .option("--name <name>", "name of the measurement", "score")
    .addHelpText("after", examples("wai score 4bf92f3577b34da6a3ce929d0e0e4736 1", "wai score 4bf92f3577b34da6a3ce929d0e0e4736 0.4 --name helpfulness"))
    .action(async (traceId: string, value: number | boolean, options: ConnectionOptions & { name: string }) => {
      const reply = await sendScore({ ...connect(options), traceId, value, name: options.name });
      if (options.json) writeJson(reply);
      else writeText(`scored ${traceId.trim()}: ${options.name} = ${value === true ? 1 : value === false ? 0 : value}`);
    });
}
