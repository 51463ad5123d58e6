/** Agent calls (§4.8, §4.9, §4.15). */
import * as py from "@whileai/hash-embed/internal";
import * as z from "zod/mini";
import { PLATFORM_TRACE_PAGE_SIZE } from "./constants.js";
import { DatasetList } from "./datasets.js";
import { call, segment, urlencode } from "./http/call.js";
import { checkReply, type Dict } from "./http/reply.js";
import { pyInt } from "@whileai/hash-embed/internal";
import { AgentsReplySchema, RegisteredAgentSchema, type Agent, type RegisteredAgent } from "./replies.js";
import { requestOptions, type RequestOptions } from "./request-options.js";

/** `GET /agents`: the `agents` list. */
export async function agents(options: RequestOptions = {}): Promise<Agent[]> {
  return checkReply(AgentsReplySchema, await call("GET", "/agents", requestOptions(options)), "GET /agents").agents;
}

export interface RegisterAgentOptions extends RequestOptions {
  description?: string | null;
  /** The agent's tools as JSON schemas, each with a top-level `name`. */
  tools?: unknown[] | null;
  /** Sent as `system_prompt`. */
  systemPrompt?: string | null;
}

/** `POST /agents` with the name and whichever of description, tools, system_prompt are given. */
export async function registerAgent(name: string, options: RegisterAgentOptions = {}): Promise<RegisteredAgent> {
  const body: Record<string, unknown> = { name };
  if (options.description != null) body["description"] = options.description;
  if (options.tools != null) body["tools"] = options.tools;
  if (options.systemPrompt != null) body["system_prompt"] = options.systemPrompt;
  return checkReply(RegisteredAgentSchema, await call("POST", "/agents", { ...requestOptions(options), body }), "POST /agents");
}

const TracePage = z.looseObject({ traces: z.array(z.unknown()), pages: z.optional(z.unknown()) });

export interface PurgeAgentOptions extends RequestOptions {
  /** Count the traces and datasets without deleting anything. */
  dryRun?: boolean;
}

export interface PurgeAgentResult {
  agent: string;
  traces: number;
  datasets: number;
  deleted: boolean;
}

/** Every trace id of the agent, page by page until an empty page or the last one. */
async function agentTraceIds(slug: string, options: RequestOptions): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const query = urlencode([["agent", slug], ["from", "all"], ["limit", String(PLATFORM_TRACE_PAGE_SIZE)], ["page", String(page)]]);
    const path = `/traces?${query}`;
    const reply = checkReply(TracePage, await call("GET", path, options), `GET ${path}`);
    // Python calls `.get` on each entry; an entry that is not a dict is skipped rather than crashing.
    for (const t of reply.traces) if (py.isDict(t) && py.truthy(t["traceId"])) ids.push(py.pyStr(t["traceId"]));
    if (reply.traces.length === 0 || page >= pyInt(py.truthy(reply.pages) ? reply.pages : 1)) return ids;
  }
}

/** Delete an agent with all its traces and datasets (or, with `dryRun`, count them). */
export async function purgeAgent(agent: string, options: PurgeAgentOptions = {}): Promise<PurgeAgentResult> {
  const slug = py.pyStrip(py.truthy(agent) ? py.pyStr(agent) : "").toLowerCase();
  if (!slug) throw new Error("pass the agent slug");
  const request = requestOptions(options);
  const traceIds = await agentTraceIds(slug, request);
  const listing = checkReply(DatasetList, await call("GET", "/datasets", request), "GET /datasets");
  const sets = listing.datasets.filter((d: z.infer<typeof Dict>) => d["agent"] === slug);
  const dryRun = options.dryRun ?? false;
  const result = { agent: slug, traces: traceIds.length, datasets: sets.length, deleted: !dryRun };
  if (dryRun) return result;
  for (const tid of traceIds) await call("DELETE", `/traces/${segment(tid)}`, request);
  for (const d of sets) await call("DELETE", `/datasets/${segment(d["datasetId"])}`, request);
  await call("DELETE", `/agents/${segment(slug)}`, request);
  return result;
}
