/** The dataset commands' work once their command lines are parsed: one platform call each, printed as JSON or text. */
import { catalog, datasets, deleteDataset, preview, profile, publish, unpublish } from "@whileai/platform/node";
import { writeJson, writeText } from "../../output.js";
import { connect } from "./connect.js";
import type { ConnectionOptions } from "./connection.js";
import type { ProfileOptions, PublishOptions } from "./datasets.js";
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

export async function runDatasets(options: ConnectionOptions): Promise<void> {
  show(await datasets(connect(options)), options, datasetsText);
}

export async function runCatalog(options: ConnectionOptions): Promise<void> {
  connect(options);
  show(await catalog(), options, catalogText);
}

export async function runPreview(id: string, options: ConnectionOptions): Promise<void> {
  show(await preview(id, connect(options)), options, previewText);
}

export async function runProfile(id: string, options: ProfileOptions): Promise<void> {
  show(await profile(id, { ...connect(options), force: options.force ?? false }), options, (r) => formatRecord(r));
}

export async function runPublish(id: string, options: PublishOptions): Promise<void> {
  const card = await publish(id, options.agent, { ...connect(options), description: options.description });
  show(card, options, (c) => {
    const d: Dict = isDict(c) ? c : {};
    return `published ${cell(d["datasetId"] ?? id)} under ${cell(d["agent"] ?? options.agent)}${d["url"] ? `: ${cell(d["url"])}` : ""}`;
  });
}

export async function runUnpublish(id: string, options: ConnectionOptions): Promise<void> {
  show(await unpublish(id, connect(options)), options, () => `unpublished ${id}`);
}

export async function runDelete(id: string, options: ConnectionOptions): Promise<void> {
  show(await deleteDataset(id, connect(options)), options, () => `deleted ${id}`);
}
