/** Publishing and the public catalog (platform-and-otel.md §4.6, §4.7, §4.13, §4.17): cards by agent, readable without a key. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { HttpError, readJson, sendJson } from "../http.js";
import type { CardRecord } from "../store.js";
import { slugify } from "./agents.js";
import { grantFor, owned, parse, ready, type RouteContext } from "./datasets.js";

const PublishBody = z.looseObject({ agent: z.string().min(1), description: z.string().nullish() });

/** A card as the catalog and the publish reply show it (no account: the catalog is public). */
function cardJson(ctx: RouteContext, c: CardRecord): Record<string, unknown> {
  return {
    datasetId: c.datasetId,
    name: c.name,
    agent: c.agent,
    description: c.description,
    rows: c.rows,
    sizeBytes: c.sizeBytes,
    publishedAt: c.publishedAt,
    url: `${ctx.baseUrl()}/catalog/${c.datasetId}`,
  };
}

/** `POST /datasets/{id}/publish` `{agent, description?}`: the card. The description defaults to the dataset's. */
export async function publishDataset(ctx: RouteContext, account: string, id: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const d = ready(await owned(ctx, account, id));
  const body = parse(PublishBody, await readJson(req, ctx.maxJsonBytes));
  const agent = slugify(body.agent);
  if (!agent) throw new HttpError(400, "agent: needs a letter or digit");
  if (d.rows === 0) throw new HttpError(409, "dataset has no rows");
  await ctx.store.publish(id, agent, body.description || d.description);
  sendJson(res, 200, cardJson(ctx, (await ctx.store.card(id))!));
}

/** `POST /datasets/{id}/unpublish`: off the catalog; 409 when it was not on it. */
export async function unpublishDataset(ctx: RouteContext, account: string, id: string, res: ServerResponse): Promise<void> {
  await owned(ctx, account, id);
  if (!(await ctx.store.unpublish(id))) throw new HttpError(409, "not published");
  sendJson(res, 200, { datasetId: id, published: false });
}

/** `GET /catalog`: every account's cards, newest first, and the agents they group under with their card counts. */
export async function listCatalog(ctx: RouteContext, res: ServerResponse): Promise<void> {
  const cards = await ctx.store.cards();
  const counts = new Map<string, number>();
  for (const c of cards) counts.set(c.agent, (counts.get(c.agent) ?? 0) + 1);
  const agents = [...counts.keys()].sort().map((slug) => ({ slug, cards: counts.get(slug)! }));
  sendJson(res, 200, { datasets: cards.map((c) => cardJson(ctx, c)), agents });
}

async function published(ctx: RouteContext, id: string): Promise<CardRecord> {
  const c = await ctx.store.card(id);
  // Unpublished, private or missing: the same 404.
  if (!c) throw new HttpError(404, `dataset ${id} not found`);
  return c;
}

/** `GET /catalog/{id}`: one card. */
export async function catalogCard(ctx: RouteContext, id: string, res: ServerResponse): Promise<void> {
  sendJson(res, 200, cardJson(ctx, await published(ctx, id)));
}

/** `GET /catalog/{id}/download`: the download grant of a published dataset, no key needed. */
export async function catalogDownload(ctx: RouteContext, id: string, res: ServerResponse): Promise<void> {
  await published(ctx, id);
  sendJson(res, 200, grantFor(ctx, (await ctx.store.dataset(id))!));
}
