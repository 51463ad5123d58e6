/**
 * `wai hf status|publish|import`: the platform's Hugging Face connection (the platform does the
 * pushing and pulling). This module only declares them; the calls are in `hf-run.ts`, loaded when one runs.
 */
import { Option, type Command } from "commander";
import { parseNumber, parsePositiveInteger } from "../../args.js";
import { MODES, PURPOSES } from "@whileai/platform/constants";
import { examples, platformCommand, type ConnectionOptions } from "./connection.js";

export interface WaitOptions extends ConnectionOptions {
  wait: boolean;
  timeout?: number;
  poll?: number;
}

export interface HfPublishCommandOptions extends WaitOptions {
  namespace?: string;
  repo?: string;
  private?: boolean;
}

export interface HfImportCommandOptions extends WaitOptions {
  split: string;
  revision?: string;
  config?: string;
  name?: string;
  purpose: string;
  mode?: string;
  agent?: string;
  description?: string;
  maxRows?: number;
}

// Loaded when a command runs, so `--help` never waits for the platform client (undici, zod).
const run = () => import("./hf-run.js");

export function registerHf(program: Command): void {
  const hf = program
    .command("hf")
    .description("The platform's Hugging Face connection: status, publish a dataset, import one.")
    .addHelpText("after", examples("wai hf status", "wai hf publish ds_0123abcd --namespace my-org", "wai hf import my-org/support-traces --split train"));

  platformCommand(hf, "status", "Whether your account is connected to Hugging Face, as whom, and where it may push.")
    .addHelpText("after", examples("wai hf status --json"))
    .action(async (options: ConnectionOptions) => (await run()).runHfStatus(options));

  platformCommand(hf, "publish", "Push a dataset to a Hugging Face dataset repo and wait until it is there.")
    .argument("<dataset-id>")
    .option("--namespace <name>", "user or organization (default: your connected account)")
    .option("--repo <name>", "repository name (default: the dataset's)")
    .option("--private", "make the repository private")
    .option("--no-wait", "return as soon as the push has started")
    .option("--timeout <seconds>", "how long to wait (default 600)", parseNumber)
    .option("--poll <seconds>", "time between checks while waiting (default 2.5)", parseNumber)
    .addHelpText("after", examples("wai hf publish ds_0123abcd --namespace my-org --private"))
    .action(async (id: string, options: HfPublishCommandOptions) => (await run()).runHfPublish(id, options));

  platformCommand(hf, "import", "Import a Hugging Face dataset split as a new dataset and wait until it is ready.")
    .argument("<repo>", "e.g. my-org/support-traces")
    .option("--split <split>", "split to import", "train")
    .option("--revision <rev>", "branch, tag or commit")
    .option("--config <name>", "dataset configuration")
    .option("--name <name>", "name of the new dataset")
    .addOption(new Option("--purpose <purpose>", "purpose of the new dataset").choices(PURPOSES).default("train"))
    .addOption(new Option("--mode <mode>", "mode of the new dataset").choices(MODES))
    .option("--agent <slug>", "agent it belongs to")
    .option("--description <text>", "description")
    .option("--max-rows <n>", "most rows to import (default 100000)", parsePositiveInteger)
    .option("--no-wait", "return as soon as the import has started")
    .option("--timeout <seconds>", "how long to wait (default 900)", parseNumber)
    .option("--poll <seconds>", "time between checks while waiting (default 3)", parseNumber)
    .addHelpText("after", examples("wai hf import my-org/support-traces --split test --purpose holdout --agent support-bot"))
    .action(async (repo: string, options: HfImportCommandOptions) => (await run()).runHfImport(repo, options));
}
