/** `GET /traces/cuts` (§4.23) and `POST /datasets/cut` (§4.25): what the runs hold for training, and the datasets cut from them. */
import type { ServerResponse, IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { z } from "zod";
import { newDatasetId, scanBlob } from "../blobs.js";
import { cutsReport, datasetRow, DEFAULT_BAND, DEFAULT_HOLDOUT, groupRuns, selectCut } from "../cuts.js";
import { HttpError, readJson, sendJson } from "../http.js";
import type { RunRecord } from "../trace-store.js";
import { entry, parse } from "./datasets.js";
import { sinceIso, type TraceContext } from "./traces.js";

/** The filter keys the cuts understand; any other is refused rather than silently ignored. */
const FILTER_KEYS = new Set(["agent", "from", "model", "tool", "measure"]);

/** The account's runs under a filter: agent, from (`all`, `24h`, `7d`), model, tool (a step's tool), measure (a score's name). */
async function filteredRuns(ctx: TraceContext, account: string, filter: Record<string, string>): Promise<RunRecord[]> {
  for (const key of Object.keys(filter)) if (!FILTER_KEYS.has(key)) throw new HttpError(400, `unknown filter ${JSON.stringify(key)}: use agent, from, model, tool or measure`);
  const agent = filter["agent"] ? filter["agent"].trim().toLowerCase() : null;
  const since = sinceIso(ctx, filter["from"] ?? null);
  const { model, tool, measure } = filter;
  return (await ctx.traces.runs(account, agent)).filter((run) => {
    if (since !== null && run.createdAt < since) return false;
    if (model && run.row["model_version"] !== model) return false;
    if (tool && !(Array.isArray(run.row["steps"]) && run.row["steps"].some((s) => (s as { tool?: unknown } | null)?.tool === tool))) return false;
    if (measure && !run.scores.has(measure)) return false;
    return true;
  });
}

function fraction(name: string, raw: unknown, fallback: number, max: number): number {
  if (raw === undefined || raw === null) return fallback;
  const v = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > max) throw new HttpError(400, `${name} must be a number from 0 to ${max}`);
  return v;
}

function band(lo: unknown, hi: unknown): [number, number] {
  const out: [number, number] = [fraction("lo", lo, DEFAULT_BAND[0], 1), fraction("hi", hi, DEFAULT_BAND[1], 1)];
  if (out[0] > out[1]) throw new HttpError(400, "lo must not be above hi");
  return out;
}

const HOLDOUT_MAX = 0.9;

/** `GET /traces/cuts?<filter>[&lo&hi&holdout]`: the report; the filter it read is echoed as `filter`. */
export async function cutsRoute(ctx: TraceContext, account: string, params: URLSearchParams, res: ServerResponse): Promise<void> {
  const filter: Record<string, string> = {};
  const knobs: Record<string, string> = {};
  for (const [k, v] of params) (["lo", "hi", "holdout"].includes(k) ? knobs : filter)[k] = v;
  const [lo, hi] = band(knobs["lo"], knobs["hi"]);
  const holdout = fraction("holdout", knobs["holdout"], DEFAULT_HOLDOUT, HOLDOUT_MAX);
  sendJson(res, 200, { ...cutsReport(await filteredRuns(ctx, account, filter), lo, hi, holdout), filter });
}

const CutBody = z.looseObject({
  filter: z.record(z.string(), z.string()).nullish(),
  kind: z.enum(["rl", "sft"]).nullish(),
  holdout: z.unknown().optional(),
  lo: z.unknown().optional(),
  hi: z.unknown().optional(),
  name: z.string().min(1).nullish(),
});

/** A finalized dataset of `rows`, made server-side as a push would make it. */
async function makeDataset(
  ctx: TraceContext,
  account: string,
  d: { name: string; purpose: string; mode: string; agent: string | null; description: string; parentDatasetId: string | null },
  rows: Record<string, unknown>[],
) {
  const datasetId = newDatasetId();
  await ctx.store.createDataset({ datasetId, account, ...d });
  const text = rows.map((r) => `${JSON.stringify(r)}\n`).join("");
  const size = await ctx.blobs.write(datasetId, Readable.from([Buffer.from(text)]), Number.MAX_SAFE_INTEGER);
  const scanned = await scanBlob(ctx.blobs.read(datasetId, 0, Math.max(size, 1)), ctx.partBytes);
  await ctx.store.markReady(datasetId, size, scanned.rows, scanned.parts);
  return (await ctx.store.ownDataset(account, datasetId))!;
}

/**
 * `POST /datasets/cut` `{filter, kind, holdout?, lo?, hi?, name?}`: a train dataset (and a holdout
 * of other scenarios, its parent the train set) → `{made: [{role, datasetId, rows, prompts, …}], kind, band, filter}`.
 * Nothing to cut → 409 with the reason.
 */
export async function cutRoute(ctx: TraceContext, account: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = parse(CutBody, await readJson(req, ctx.maxJsonBytes));
  const filter = body.filter ?? {};
  const kind = body.kind ?? "rl";
  const [lo, hi] = band(body.lo, body.hi);
  const holdout = fraction("holdout", body.holdout, DEFAULT_HOLDOUT, HOLDOUT_MAX);
  const selection = selectCut(groupRuns(await filteredRuns(ctx, account, filter), lo, hi), kind, holdout);
  if (selection.train.runs.length === 0) {
    throw new HttpError(
      409,
      kind === "rl"
        ? `no scenario has a pass rate inside ${lo}–${hi} with ${2}+ graded runs: read GET /traces/cuts`
        : "no scenario has a passing run: read GET /traces/cuts",
    );
  }
  const agent = filter["agent"] ? filter["agent"].trim().toLowerCase() : null;
  const name = body.name ?? `${agent ?? "traces"}-${kind}`;
  const description = `${kind === "rl" ? `RL cut, pass rate ${lo}–${hi}` : "SFT cut, best passing run per scenario"} from traces`;
  const made: Record<string, unknown>[] = [];
  const train = await makeDataset(ctx, account, { name, purpose: "train", mode: kind, agent, description, parentDatasetId: null }, selection.train.runs.map(datasetRow));
  made.push({ role: "train", ...entry(train), prompts: selection.train.tasks });
  if (selection.holdout.runs.length > 0) {
    const rows = selection.holdout.runs.map(datasetRow);
    const held = await makeDataset(ctx, account, { name: `${name}-holdout`, purpose: "holdout", mode: kind, agent, description, parentDatasetId: train.datasetId }, rows);
    made.push({ role: "holdout", ...entry(held), prompts: selection.holdout.tasks });
  }
  sendJson(res, 200, { made, kind, band: [lo, hi], holdout, filter });
}
