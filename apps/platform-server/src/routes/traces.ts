/**
 * Trace routes: `POST /v1/traces` (OTLP ingest), `POST /v1/scores` (§4.22), `GET /traces` and
 * `DELETE /traces/{id}` (what `purgeAgent` pages through and deletes, §4.15).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { decodeOtlp, gunzipNode, OtlpDecodeError, otlpContentEncoding, rowsFromOtel, type OtlpTracesJson } from "@whileai/otel/node";
import { HttpError, readBody, readJson, sendJson } from "../http.js";
import type { ScoreInput, TraceStore } from "../trace-store.js";
import { slugify } from "./agents.js";
import type { RouteContext } from "./datasets.js";

export interface TraceContext extends RouteContext {
  traces: TraceStore;
  maxTraceBytes: number;
}

/** Where a trace's agent is named: span attributes first, then the resource's. */
const AGENT_KEYS = ["whileai.agent", "gen_ai.agent.name"];
/** Where its scenario (the task the cuts group by) is named. */
const SCENARIO_KEYS = ["zeroproof.scenario_id", "whileai.scenario_id"];

type Attrs = Map<string, string>;

/** The string-like attributes of an OTLP/JSON attribute list (what agent and scenario need). */
function stringAttrs(list: unknown): Attrs {
  const out: Attrs = new Map();
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (!item || typeof item !== "object") continue;
    const { key, value } = item as { key?: unknown; value?: unknown };
    if (typeof key !== "string" || !value || typeof value !== "object") continue;
    const v = (value as Record<string, unknown>)["stringValue"] ?? (value as Record<string, unknown>)["intValue"];
    if ((typeof v === "string" && v) || typeof v === "number") out.set(key, String(v));
  }
  return out;
}

function first(keys: string[], ...sources: Attrs[]): string | null {
  for (const attrs of sources) for (const k of keys) if (attrs.has(k)) return attrs.get(k)!;
  return null;
}

interface TraceBatch {
  spans: unknown[];
  agent: string | null;
  scenario: string | null;
}

/** The request's spans by trace id, in first-seen order; spans without a trace id are counted apart. */
function spansByTrace(exports: OtlpTracesJson[], agentParam: string | null): { traces: Map<string, TraceBatch>; rejected: number } {
  const traces = new Map<string, TraceBatch>();
  let rejected = 0;
  for (const doc of exports) {
    const resources = (doc as { resourceSpans?: unknown }).resourceSpans;
    for (const resource of Array.isArray(resources) ? resources : []) {
      const r = (resource ?? {}) as Record<string, unknown>;
      const resourceAttrs = stringAttrs((r["resource"] as { attributes?: unknown } | undefined)?.attributes);
      const scopes = r["scopeSpans"] ?? r["instrumentationLibrarySpans"];
      for (const scope of Array.isArray(scopes) ? scopes : []) {
        const spans = (scope as { spans?: unknown } | null)?.spans;
        for (const span of Array.isArray(spans) ? spans : []) {
          const s = (span ?? {}) as Record<string, unknown>;
          const traceId = typeof s["traceId"] === "string" ? s["traceId"] : "";
          if (!traceId) {
            rejected++;
            continue;
          }
          const attrs = stringAttrs(s["attributes"]);
          let batch = traces.get(traceId);
          if (!batch) traces.set(traceId, (batch = { spans: [], agent: null, scenario: null }));
          batch.spans.push(span);
          const agent = agentParam ?? first(AGENT_KEYS, attrs, resourceAttrs);
          batch.agent ??= agent === null ? null : slugify(agent) || null;
          batch.scenario ??= first(SCENARIO_KEYS, attrs, resourceAttrs);
        }
      }
    }
  }
  return { traces, rejected };
}

/** The Content-Encodings OTLP/HTTP bodies come in; any other (br, deflate, a stack) → 415 rather than read as identity. */
function traceEncoding(header: string | undefined): "identity" | "gzip" {
  const encoding = otlpContentEncoding(header);
  if (encoding === null) throw new HttpError(415, `Content-Encoding ${JSON.stringify(header)} is not read on /v1/traces: send the body as is (identity) or gzip`);
  return encoding;
}

/**
 * `POST /v1/traces`: OTLP/HTTP JSON or protobuf (gzip too), keyed. Each trace's spans are kept,
 * and its rows rebuilt with `rowsFromOtel` over all its spans so far, so a trace exported in
 * several batches becomes the rows of the whole trace. The agent is `?agent=`, else the span's
 * or resource's `whileai.agent` / `gen_ai.agent.name`.
 */
export async function ingestTraces(ctx: TraceContext, account: string, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const contentEncoding = traceEncoding(req.headers["content-encoding"]);
  const body = await readBody(req, ctx.maxTraceBytes);
  const contentType = req.headers["content-type"] ?? null;
  let exports: OtlpTracesJson[];
  try {
    exports = await decodeOtlp(body, {
      contentType,
      contentEncoding,
      gunzip: (bytes) => gunzipNode(bytes, ctx.maxTraceBytes * 16),
    });
  } catch (error) {
    if (OtlpDecodeError.isInstance(error)) throw new HttpError(400, error.message);
    throw error;
  }
  const agentParam = url.searchParams.get("agent");
  const { traces, rejected } = spansByTrace(exports, agentParam ? slugify(agentParam) || null : null);
  let runs = 0;
  for (const [traceId, batch] of traces) {
    try {
      const createdAt = new Date(ctx.nowSeconds() * 1000).toISOString();
      runs += await ctx.traces.addSpans(account, traceId, batch.spans, { ...batch, createdAt }, (spans) => rowsFromOtel(spans) as unknown as Record<string, unknown>[]);
    } catch (error) {
      // rowsFromOtel raises only where Python does (a start time that is no integer); the trace's spans are not kept.
      throw new HttpError(400, `trace ${traceId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // An OTLP exporter reads a protobuf reply to a protobuf request (it always says which it sends); an empty ExportTraceServiceResponse is zero bytes.
  if (/protobuf|octet-stream/i.test(contentType ?? "")) {
    res.writeHead(200, { "Content-Type": "application/x-protobuf", "Content-Length": 0 });
    return void res.end();
  }
  const reply: Record<string, unknown> = { traces: traces.size, runs };
  if (rejected) reply["partialSuccess"] = { rejectedSpans: rejected, errorMessage: "spans without a traceId" };
  sendJson(res, 200, reply);
}

const PAGE_LIMIT = 200;

/** `"all"` → null; `"24h"`, `"7d"` → the ISO time that far back; anything else, or a window no date reaches back to, → 400. */
export function sinceIso(ctx: RouteContext, from: string | null): string | null {
  if (from === null || from === "" || from === "all") return null;
  const m = /^(\d+)([hd])$/.exec(from);
  if (!m) throw new HttpError(400, `from: must be "all", or hours or days like "24h" or "7d", got ${JSON.stringify(from)}`);
  const seconds = Number(m[1]) * (m[2] === "h" ? 3600 : 86_400);
  const since = new Date((ctx.nowSeconds() - seconds) * 1000);
  // A JS date spans ±100,000,000 days from 1970; a window past that has no start to compare with.
  if (Number.isNaN(since.getTime())) throw new HttpError(400, `from: ${JSON.stringify(from)} reaches back further than a date can; use "all"`);
  return since.toISOString();
}

function positiveInt(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new HttpError(400, `${name} must be a positive integer`);
  return Math.min(Number(raw), max);
}

/** `GET /traces?agent&from&limit&page`: newest first → `{traces: [{traceId, agent, scenario, createdAt}], page, pages, total}`. */
export async function listTraces(ctx: TraceContext, account: string, params: URLSearchParams, res: ServerResponse): Promise<void> {
  const agent = params.get("agent") ? params.get("agent")!.trim().toLowerCase() : null;
  const since = sinceIso(ctx, params.get("from"));
  const limit = positiveInt(params, "limit", 50, PAGE_LIMIT);
  const page = positiveInt(params, "page", 1, Number.MAX_SAFE_INTEGER);
  const { traces, total } = await ctx.traces.traces(account, agent, since, limit, (page - 1) * limit);
  sendJson(res, 200, { traces, page, pages: Math.max(1, Math.ceil(total / limit)), total });
}

/** `DELETE /traces/{id}`: the trace's spans, runs and scores; another account's or a missing one → 404. */
export async function deleteTrace(ctx: TraceContext, account: string, traceId: string, res: ServerResponse): Promise<void> {
  if (!(await ctx.traces.deleteTrace(account, traceId))) throw new HttpError(404, `trace ${traceId} not found`);
  sendJson(res, 200, { deleted: true, traceId });
}

/** Names whose value is the run's reward, so a fraction of passing between 0 and 1. */
const REWARD_NAMES = new Set(["score", "reward"]);

/** One measurement checked; the error text is what the client shows for a rejected one. */
function measurement(item: Record<string, unknown>, head: string): ScoreInput | { error: string } {
  const name = typeof item["name"] === "string" && item["name"] ? item["name"] : "score";
  const traceId = typeof item["traceId"] === "string" && item["traceId"].trim() ? item["traceId"].trim() : head;
  if (!traceId) return { error: `measurement ${JSON.stringify(name)}: needs a traceId` };
  const { value = null, label = null, traceId: _t, name: _n, ...fields } = item;
  if (value !== null && (typeof value !== "number" || !Number.isFinite(value))) return { error: `measurement ${JSON.stringify(name)}: value must be a number` };
  if (label !== null && typeof label !== "string") return { error: `measurement ${JSON.stringify(name)}: label must be text` };
  if (value === null && label === null) return { error: `measurement ${JSON.stringify(name)}: pass a value or a label` };
  if (REWARD_NAMES.has(name) && value !== null && (value < 0 || value > 1)) return { error: `measurement ${JSON.stringify(name)}: value must be between 0 and 1` };
  const direction = fields["direction"];
  if (direction !== undefined && direction !== "higher" && direction !== "lower") return { error: `measurement ${JSON.stringify(name)}: direction must be higher or lower` };
  return { traceId, name, value, label, fields };
}

/**
 * `POST /v1/scores`: one measurement (`{traceId, name, value | label, …}`) or a batch (`{traceId?,
 * scores: [...]}`) → `{applied: [{traceId, name}], unknown?, rejected?}`, 200 even when nothing
 * applied (the client reads the lists). A `score` or `reward` value becomes the run's reward.
 */
export async function sendScores(ctx: TraceContext, account: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req, ctx.maxJsonBytes);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new HttpError(400, "body must be a JSON object");
  const b = body as Record<string, unknown>;
  const head = typeof b["traceId"] === "string" ? b["traceId"].trim() : "";
  let items: unknown[];
  if ("scores" in b) {
    if (!Array.isArray(b["scores"])) throw new HttpError(400, "scores must be a list");
    items = b["scores"];
  } else items = [b];
  const applied: ScoreInput[] = [];
  const unknown: string[] = [];
  const rejected: Record<string, unknown>[] = [];
  for (const item of items) {
    if (!item || typeof item !== "object" || Array.isArray(item)) {
      rejected.push({ error: "a measurement must be a JSON object" });
      continue;
    }
    const m = measurement(item as Record<string, unknown>, head);
    if ("error" in m) rejected.push({ ...(item as Record<string, unknown>), error: m.error });
    else if (!(await ctx.traces.hasTrace(account, m.traceId))) {
      if (!unknown.includes(m.traceId)) unknown.push(m.traceId);
    } else applied.push(m);
  }
  await ctx.traces.addScores(account, applied);
  const reply: Record<string, unknown> = { applied: applied.map((m) => ({ traceId: m.traceId, name: m.name })) };
  if (unknown.length) reply["unknown"] = unknown;
  if (rejected.length) reply["rejected"] = rejected;
  sendJson(res, 200, reply);
}
