/**
 * Dataset commands that move no rows: list, catalog, preview, profile, publish, unpublish, delete.
 * This module only declares them; the calls are in `datasets-run.ts`, loaded when one runs.
 */
import type { Command } from "commander";
import { examples, platformCommand, type ConnectionOptions } from "./connection.js";

export interface ProfileOptions extends ConnectionOptions {
  force?: boolean;
}

export interface PublishOptions extends ConnectionOptions {
  agent: string;
  description?: string;
}

// Loaded when a command runs, so `--help` never waits for the platform client (undici, zod).
const run = () => import("./datasets-run.js");

export function registerDatasets(program: Command): void {
  platformCommand(program, "datasets", "List your datasets, newest first.")
    .addHelpText("after", examples("wai datasets", "wai datasets --json | jq '.datasets[].datasetId'"))
    .action(async (options: ConnectionOptions) => (await run()).runDatasets(options));

  platformCommand(program, "catalog", "List the public catalog (published datasets); needs no key and sends none.")
    .addHelpText("after", examples("wai catalog", "wai catalog --api-url http://127.0.0.1:8787 --json"))
    .action(async (options: ConnectionOptions) => (await run()).runCatalog(options));

  platformCommand(program, "preview", "Show a dataset's first rows and its analyzer report.")
    .argument("<dataset-id>")
    .addHelpText("after", examples("wai preview ds_0123abcd"))
    .action(async (id: string, options: ConnectionOptions) => (await run()).runPreview(id, options));

  platformCommand(program, "profile", "Show a dataset's profile: grading, pass rate, per-task mix, tool use, size.")
    .argument("<dataset-id>")
    .option("--force", "recompute it instead of reading the cached one")
    .addHelpText("after", examples("wai profile ds_0123abcd", "wai profile ds_0123abcd --json | jq .pass_rate"))
    .action(async (id: string, options: ProfileOptions) => (await run()).runProfile(id, options));

  platformCommand(program, "publish", "Publish a dataset to the public catalog, as a card under an agent.")
    .argument("<dataset-id>")
    .requiredOption("--agent <slug>", "agent the card is grouped under")
    .option("--description <text>", "card description (default: the dataset's)")
    .addHelpText("after", examples("wai publish ds_0123abcd --agent support-bot"))
    .action(async (id: string, options: PublishOptions) => (await run()).runPublish(id, options));

  platformCommand(program, "unpublish", "Take a dataset off the public catalog (the dataset stays).")
    .argument("<dataset-id>")
    .addHelpText("after", examples("wai unpublish ds_0123abcd"))
    .action(async (id: string, options: ConnectionOptions) => (await run()).runUnpublish(id, options));

  platformCommand(program, "delete", "Delete a dataset and its rows.")
    .argument("<dataset-id>")
    .addHelpText("after", examples("wai delete ds_0123abcd"))
    .action(async (id: string, options: ConnectionOptions) => (await run()).runDelete(id, options));
}
