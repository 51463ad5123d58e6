/** `GET /agents`, `POST /agents`, `DELETE /agents/{slug}` (platform-and-otel.md §4.8, §4.9, §4.15). */
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { HttpError, readJson, sendJson } from "../http.js";
import type { AgentRecord } from "../store.js";
import { parse, type RouteContext } from "./datasets.js";
import type { TraceContext } from "./traces.js";

const NON_SLUG = /[^a-z0-9]+/g;
const EDGE_DASHES = /^-+|-+$/g;

/** "Airline Support" → "airline-support": lowercase, runs of anything but a-z0-9 become one dash. */
export function slugify(name: string): string {
  return name.toLowerCase().replace(NON_SLUG, "-").replace(EDGE_DASHES, "");
}

// A tool is a JSON schema with a top-level name; an OpenAI `{type: "function", function: {...}}` wrapper has none.
const Tool = z.looseObject({ name: z.string().min(1) });
const RegisterBody = z.looseObject({
  name: z.string().min(1),
  description: z.string().nullish(),
  tools: z.unknown().optional(),
  system_prompt: z.string().nullish(),
});

function agentJson(a: AgentRecord): Record<string, unknown> {
  return { slug: a.slug, name: a.name, description: a.description, tools: a.tools, system_prompt: a.systemPrompt, createdAt: a.createdAt };
}

/** `POST /agents`: registers (or updates) the agent under the slug of its name. */
export async function registerAgent(ctx: RouteContext, account: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = parse(RegisterBody, await readJson(req, ctx.maxJsonBytes));
  const slug = slugify(body.name);
  if (!slug) throw new HttpError(400, "name: needs a letter or digit");
  let tools: unknown[] | null = null;
  if (body.tools != null) {
    if (!Array.isArray(body.tools) || !body.tools.every((t) => Tool.safeParse(t).success)) throw new HttpError(400, "tools must be a list of JSON schemas");
    tools = body.tools;
  }
  const record = await ctx.store.registerAgent(account, {
    slug,
    name: body.name,
    description: body.description ?? null,
    tools,
    systemPrompt: body.system_prompt ?? null,
  });
  sendJson(res, 200, agentJson(record));
}

/**
 * `GET /agents`: registered agents and every agent named by a ready dataset or a card of the
 * account, or by a trace, by slug, with its traces, the account's ready datasets per purpose
 * (`sets`) and cards.
 */
export async function listAgents(ctx: TraceContext, account: string, res: ServerResponse): Promise<void> {
  const entries = new Map<string, Record<string, unknown>>();
  const entry = (slug: string) => {
    let e = entries.get(slug);
    if (!e) entries.set(slug, (e = { slug, name: null, description: null, traces: 0, sets: {}, cards: 0 }));
    return e;
  };
  for (const a of await ctx.store.agents(account)) Object.assign(entry(a.slug), { name: a.name, description: a.description });
  for (const [slug, n] of await ctx.traces.traceCounts(account)) entry(slug)["traces"] = n;
  for (const d of await ctx.store.readyDatasets(account)) {
    if (!d.agent) continue;
    const sets = entry(d.agent)["sets"] as Record<string, number>;
    sets[d.purpose] = (sets[d.purpose] ?? 0) + 1;
  }
  for (const c of await ctx.store.cards()) {
    if (c.account !== account) continue;
    const e = entry(c.agent);
    e["cards"] = (e["cards"] as number) + 1;
  }
  const agents = [...entries.keys()].sort().map((slug) => entries.get(slug)!);
  sendJson(res, 200, { agents });
}

/** `DELETE /agents/{slug}`: drops the registration; answers 200 either way, as `purgeAgent` calls it after its datasets are gone. */
export async function deleteAgent(ctx: RouteContext, account: string, slug: string, res: ServerResponse): Promise<void> {
  sendJson(res, 200, { deleted: await ctx.store.deleteAgent(account, slug), slug });
}
