/** The trace commands' work once their command lines are parsed: the cuts report, a cut, a score. */
import { cut, cuts, formatCuts, sendScore, type TraceFilterOptions } from "@whileai/platform/node";
import { writeJson, writeText } from "../../output.js";
import { cliWording } from "../../wording.js";
import { connect } from "./connect.js";
import { cell, isDict, table } from "./format.js";
import type { CutCommandOptions, FilterOptions, ScoreOptions } from "./traces.js";

function filterOf(options: FilterOptions): TraceFilterOptions {
  return { agent: options.agent, since: options.since, filters: { model: options.model, tool: options.tool, evalSet: options.evalSet, measure: options.measure } };
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

export async function runCuts(options: FilterOptions): Promise<void> {
  const report = await cuts({ ...connect(options), ...filterOf(options) });
  if (options.json) writeJson(report);
  else writeText(cliWording(formatCuts(report, { agent: options.agent })));
}

export async function runCut(options: CutCommandOptions): Promise<void> {
  const reply = await cut({ ...connect(options), ...filterOf(options), kind: options.kind, holdout: options.holdout, band: options.band, name: options.name });
  if (options.json) writeJson(reply);
  else writeText(cutText(reply));
}

export async function runScore(traceId: string, value: number | boolean, options: ScoreOptions): Promise<void> {
  const reply = await sendScore({ ...connect(options), traceId, value, name: options.name });
  if (options.json) writeJson(reply);
  else writeText(`scored ${traceId.trim()}: ${options.name} = ${value === true ? 1 : value === false ? 0 : value}`);
}
