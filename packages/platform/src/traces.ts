/** Trace-side calls: scores in, cuts out (§4.22, §4.23, §4.25; Python ZP-A). */
import * as py from "@whileai/hash-embed/internal";
import { PLATFORM_UNKNOWN_IDS_SHOWN } from "./constants.js";
import { call, urlencode } from "./http/call.js";
import { checkReply, Dict } from "./http/reply.js";
import { PlatformError } from "./platform-error.js";
import { CutReplySchema, CutsReportSchema, ScoreReplySchema, type CutDataset, type CutResult, type CutsReport, type ScoreReply } from "./replies.js";
import { requestOptions, type RequestOptions } from "./request-options.js";

export interface TraceFilterOptions {
  /** Agent slug (stripped, lower-cased). */
  agent?: string | null;
  /** `"all"`, `"24h"` or `"7d"`. */
  since?: string | null;
  /** Python's `**filters` (`model`, `tool`, `evalSet`, `measure`), sent as given. */
  filters?: Record<string, unknown>;
}

/** Python's `_trace_filter`: filters (as str, None and "" skipped), then agent, then `from`. */
function traceFilter({ agent, since, filters }: TraceFilterOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(filters ?? {})) {
    if (v === null || v === undefined || v === "") continue;
    out[k] = py.pyStr(v);
  }
  if (py.truthy(agent)) out["agent"] = py.pyStrip(py.pyStr(agent)).toLowerCase();
  out["from"] = py.pyStr(py.truthy(since) ? since : "all");
  return out;
}

/** `GET /traces/cuts?<filter>`: what the traces hold for training; the sent filter is echoed as `filter`. */
export async function cuts(options: TraceFilterOptions & RequestOptions = {}): Promise<CutsReport> {
  const filter = traceFilter(options);
  const path = `/traces/cuts?${urlencode(Object.entries(filter))}`;
  const report = checkReply(CutsReportSchema, await call("GET", path, requestOptions(options)), "GET /traces/cuts");
  return { ...report, filter: report.filter ?? filter };
}

export interface CutOptions extends TraceFilterOptions, RequestOptions {
  /** `"rl"` (default) or `"sft"`. */
  kind?: string;
  /** Holdout fraction; 0 is sent. */
  holdout?: number | null;
  /** Pass-rate band `[lo, hi]` of an RL cut. */
  band?: readonly [number, number] | null;
  name?: string | null;
}

/** `POST /datasets/cut`: make train (and holdout) datasets from the traces; `train`/`holdout` point at them. */
export async function cut(options: CutOptions = {}): Promise<CutResult> {
  const body: Record<string, unknown> = {
    filter: traceFilter(options),
    kind: py.pyStrip(py.pyStr(options.kind ?? "rl")).toLowerCase(),
  };
  if (options.holdout != null) body["holdout"] = options.holdout;
  if (options.band != null) [body["lo"], body["hi"]] = options.band;
  if (options.name) body["name"] = options.name;
  const reply = checkReply(CutReplySchema, await call("POST", "/datasets/cut", { ...requestOptions(options), body }), "POST /datasets/cut");
  // Python's `{str(m.get("role")): m for m in made}`: the last entry of a role wins.
  const made = new Map<string, CutDataset>();
  for (const m of reply.made ?? []) made.set(py.pyStr(m.role ?? null), m);
  return { ...reply, train: made.get("train") ?? null, holdout: made.get("holdout") ?? null };
}

export interface SendScoreOptions extends RequestOptions {
  /** The run being graded; in batch mode, the default of items without one. */
  traceId?: unknown;
  /** The measurement; `true`/`false` become 1.0/0.0. Ignored in batch mode. */
  value?: unknown;
  name?: unknown;
  /** Batch mode: one measurement per item. */
  scores?: readonly Record<string, unknown>[] | null;
  /** Python's `**fields` (`label`, `pass_at`, `max`, `description`, `direction`, `kind`), sent under these keys. */
  fields?: Record<string, unknown>;
}

function scoreValue(value: unknown): unknown {
  return value === true ? 1.0 : value === false ? 0.0 : value;
}

function scoreBody(options: SendScoreOptions): Record<string, unknown> {
  const name = options.name ?? "score";
  const extra = Object.entries(options.fields ?? {}).filter(([, v]) => v !== null && v !== undefined);
  const head = py.truthy(options.traceId) ? py.pyStrip(py.pyStr(options.traceId)) : "";
  const body: Record<string, unknown> = head ? { traceId: head } : {};
  if (options.scores != null) {
    const rows = options.scores.map((item) => {
      const row: Record<string, unknown> = { ...item };
      if (!("name" in row)) row["name"] = name;
      for (const [k, v] of extra) if (!(k in row)) row[k] = v;
      if (py.truthy(row["traceId"])) row["traceId"] = py.pyStrip(py.pyStr(row["traceId"]));
      else if (!head) throw new PlatformError("Every measurement needs a traceId, or pass one for all.");
      if ("value" in row) row["value"] = scoreValue(row["value"]);
      return row;
    });
    if (rows.length === 0) throw new PlatformError("Nothing to send: `scores` is empty.");
    body["scores"] = rows;
    return body;
  }
  if (!head) throw new PlatformError("Pass the trace id of the run you are grading.");
  const value = options.value ?? null;
  if (value === null && !extra.some(([k]) => k === "label")) {
    throw new PlatformError("Pass a value, or a label= for a measurement that is a word.");
  }
  body["name"] = py.pyStr(name);
  if (value !== null) body["value"] = scoreValue(value);
  for (const [k, v] of extra) body[k] = v;
  return body;
}

/** `POST /v1/scores` (always with `X-Api-Key`): grade a run, or a batch; throws unless something was applied. */
export async function sendScore(options: SendScoreOptions = {}): Promise<ScoreReply> {
  const body = scoreBody(options);
  const out = checkReply(Dict, await call("POST", "/v1/scores", { ...requestOptions(options), body, requireApiKey: true }), "POST /v1/scores");
  if (py.truthy(out["applied"])) return checkReply(ScoreReplySchema, out, "POST /v1/scores");
  const unknown = Array.isArray(out["unknown"]) ? out["unknown"] : [];
  if (unknown.length > 0) {
    const which = unknown.length === 1 ? "that trace id" : "those trace ids";
    const shown = unknown.slice(0, PLATFORM_UNKNOWN_IDS_SHOWN).map((id) => py.pyStr(id)).join(", ");
    throw new PlatformError(`No run on this account with ${which}: ${shown}. Ids come from the traces page or \`whileai.list_traces\`.`);
  }
  const rejected = Array.isArray(out["rejected"]) ? out["rejected"] : [];
  const reasons = rejected.map((r) => py.pyStr(py.isDict(r) && py.truthy(r["error"]) ? r["error"] : r));
  throw new PlatformError(reasons[0] ?? "Nothing was applied.");
}
