/**
 * `wai push` and `wai pull`: a JSONL file to a dataset and back, streamed, with a progress bar on a
 * terminal. This module only declares them; the transfers are in `transfer-run.ts`, loaded when one runs.
 */
import { Option, type Command } from "commander";
import { MODES, PURPOSES } from "@whileai/platform/constants";
import { examples, platformCommand, type ConnectionOptions } from "./connection.js";

export interface PushOptions extends ConnectionOptions {
  name?: string;
  gate?: boolean;
  mode?: string;
  purpose?: string;
  agent?: string;
  description?: string;
  parent?: string;
}

export interface PullOptions extends ConnectionOptions {
  output?: string;
}

// Loaded when a command runs, so `--help` never waits for the platform client (undici, zod).
const run = () => import("./transfer-run.js");

export function registerTransfer(program: Command): void {
  platformCommand(program, "push", "Upload a JSONL file as a new dataset (streamed from disk unless --gate).")
    .argument("<file>", "rows, one JSON object per line")
    .option("--name <name>", "dataset name (default: the file name without .jsonl)")
    .option("--gate", "run the publish gate first: reads the whole file, stamps calibration, refuses RL-shaped rows that cannot teach")
    .addOption(new Option("--mode <mode>", "dataset mode (also what the gate checks for)").choices(MODES))
    .addOption(new Option("--purpose <purpose>", "dataset purpose (the platform's default: train)").choices(PURPOSES))
    .option("--agent <slug>", "agent the dataset belongs to")
    .option("--description <text>", "dataset description")
    .option("--parent <dataset-id>", "dataset this one derives from")
    .addHelpText("after", examples("wai push rows.jsonl --name support-v1 --purpose train --agent support-bot", "wai push rows.jsonl --gate --mode rl --json"))
    .action(async (file: string, options: PushOptions) => (await run()).runPush(file, options));

  platformCommand(program, "pull", "Download a dataset's rows as JSONL, streamed to a file or stdout.")
    .argument("<dataset-id>", "the dataset (yours, or any published one)")
    .option("-o, --output <path>", "file to write (default: stdout): .parquet, .csv or .tsv write that format, any other path the JSON Lines bytes")
    .addHelpText("after", examples("wai pull ds_0123abcd -o rows.jsonl", "wai pull ds_0123abcd | head -n 1"))
    .action(async (datasetId: string, options: PullOptions) => (await run()).runPull(datasetId, options));
}
