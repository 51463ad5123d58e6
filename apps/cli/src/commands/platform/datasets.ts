/** Dataset commands that move no rows: list, catalog, preview, profile, publish, unpublish, delete. */
import { catalog, datasets, deleteDataset, preview, profile, publish, unpublish } from "@whileai/platform/node";
import type { Command } from "commander";
import { writeJson, writeText } from "../../output.js";
import { connect, examples, platformCommand, type ConnectionOptions } from "./connection.js";
import { cell, formatBytes, formatRecord, isDict, listOf, plural, table, type Dict } from "./format.js";

/** A reply as JSON with `--json`, else the text view. */
function show(reply: unknown, options: ConnectionOptions, text: (reply: unknown) => string): void {
  if (options.json) writeJson(reply);
  else writeText(text(reply));
}

function datasetsText(reply: unknown): string {
  const list = listOf(reply, "datasets");
  if (list.length === 0) return "no datasets yet: push one with `wai push rows.jsonl`";
  const rows = list.map((d) => [cell(d["datasetId"]), cell(d["name"]), cell(d["purpose"]), cell(d["rows"]), formatBytes(d["sizeBytes"]), cell(d["agent"]), cell(d["createdAt"])]);
  const stored = isDict(reply) && reply["storageBytes"] != null ? `, ${formatBytes(reply["storageBytes"])} stored` : "";
  return `${table(["ID", "NAME", "PURPOSE", "ROWS", "SIZE", "AGENT", "CREATED"], rows)}\n${plural(list.length, "dataset")}${stored}`;
}

function catalogText(reply: unknown): string {
  const cards = listOf(reply, "datasets");
  if (cards.length === 0) return "the catalog is empty: publish a dataset with `wai publish <id> --agent <slug>`";
  const rows = cards.map((c) => [cell(c["datasetId"]), cell(c["name"]), cell(c["agent"]), cell(c["rows"]), formatBytes(c["sizeBytes"]), cell(c["publishedAt"])]);
  const agents = listOf(reply, "agents").length;
  return `${table(["ID", "NAME", "AGENT", "ROWS", "SIZE", "PUBLISHED"], rows)}\n${plural(cards.length, "card")} under ${plural(agents, "agent")}`;
}

function rowLine(row: unknown): string {
  const text = JSON.stringify(row);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

function previewText(reply: unknown): string {
  const rows = isDict(reply) && Array.isArray(reply["rows"]) ? reply["rows"] : [];
  const parts = [`rows (${rows.length} shown):`, ...rows.map((r) => `  ${rowLine(r)}`)];
  const report = isDict(reply) ? reply["report"] : undefined;
  if (report !== undefined) parts.push("report:", formatRecord(report, "  "));
  return parts.join("\n");
}

export function registerDatasets(program: Command): void {
  platformCommand(program, "datasets", "List your datasets, newest first.")
    .addHelpText("after", examples("wai datasets", "wai datasets --json | jq '.datasets[].datasetId'"))
    .action(async (options: ConnectionOptions) => show(await datasets(connect(options)), options, datasetsText));

  platformCommand(program, "catalog", "List the public catalog (published datasets); needs no key and sends none.")
    .addHelpText("after", examples("wai catalog", "wai catalog --api-url http://127.0.0.1:8787 --json"))
    .action(async (options: ConnectionOptions) => {
      connect(options);
      show(await catalog(), options, catalogText);
    });

  platformCommand(program, "preview", "Show a dataset's first rows and its analyzer report.")
    .argument("<dataset-id>")
    .addHelpText("after", examples("wai preview ds_0123abcd"))
    .action(async (id: string, options: ConnectionOptions) => show(await preview(id, connect(options)), options, previewText));

  platformCommand(program, "profile", "Show a dataset's profile: grading, pass rate, per-task mix, tool use, size.")
    .argument("<dataset-id>")
    .option("--force", "recompute it instead of reading the cached one")
    .addHelpText("after", examples("wai profile ds_0123abcd", "wai profile ds_0123abcd --json | jq .pass_rate"))
    .action(async (id: string, options: ConnectionOptions & { force?: boolean }) =>
      show(await profile(id, { ...connect(options), force: options.force ?? false }), options, (r) => formatRecord(r)),
    );

  platformCommand(program, "publish", "Publish a dataset to the public catalog, as a card under an agent.")
    .argument("<dataset-id>")
    .requiredOption("--agent <slug>", "agent the card is grouped under")
    .option("--description <text>", "card description (default: the dataset's)")
    .addHelpText("after", examples("wai publish ds_0123abcd --agent support-bot"))
    .action(async (id: string, options: ConnectionOptions & { agent: string; description?: string }) => {
      const card = await publish(id, options.agent, { ...connect(options), description: options.description });
      show(card, options, (c) => {
        const d: Dict = isDict(c) ? c : {};
        return `published ${cell(d["datasetId"] ?? id)} under ${cell(d["agent"] ?? options.agent)}${d["url"] ? `: ${cell(d["url"])}` : ""}`;
      });
    });

  platformCommand(program, "unpublish", "Take a dataset off the public catalog (the dataset stays).")
    .argument("<dataset-id>")
    .addHelpText("after", examples("wai unpublish ds_0123abcd"))
    .action(async (id: string, options: ConnectionOptions) => show(await unpublish(id, connect(options)), options, () => `unpublished ${id}`));

  platformCommand(program, "delete", "Delete a dataset and its rows.")
    .argument("<dataset-id>")
    .addHelpText("after", examples("wai delete ds_0123abcd"))
    .action(async (id: string, options: ConnectionOptions) => show(await deleteDataset(id, connect(options)), options, () => `deleted ${id}`));
}
