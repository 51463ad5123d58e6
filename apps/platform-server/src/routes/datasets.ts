/** The dataset routes the client's upload and download flows call (platform-and-otel.md §3, §4.5, §4.10, §4.13, §4.14). */
import type { IncomingMessage, ServerResponse } from "node:http";
import { MODES, PURPOSES } from "@whileai/platform";
import { z } from "zod";
import { newDatasetId, scanBlob, type BlobStore } from "../blobs.js";
import { HttpError, readJson, sendJson } from "../http.js";
import { signGrant, type Grant } from "../signing.js";
import type { DatasetRecord, Store } from "../store.js";

/** What every route needs: storage, the signing key and the limits. */
export interface RouteContext {
  store: Store;
  blobs: BlobStore;
  signingKey: string;
  baseUrl: () => string;
  nowSeconds: () => number;
  maxJsonBytes: number;
  urlTtlSeconds: number;
  partBytes: number;
}

const optionalText = z.string().nullish();
const Purpose = z.enum(PURPOSES);
const Mode = z.enum(MODES);

// Extra keys are accepted and ignored, as the client may grow fields before the server does.
const CreateBody = z.looseObject({
  name: z.string().min(1),
  purpose: Purpose.nullish(),
  mode: Mode.nullish(),
  agent: optionalText,
  description: optionalText,
  parentDatasetId: optionalText,
});

const MetaBody = z.looseObject({ purpose: Purpose.nullish(), mode: Mode.nullish(), agent: optionalText, description: optionalText });

export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const out = schema.safeParse(body);
  if (out.success) return out.data;
  const issue = out.error.issues[0]!;
  throw new HttpError(400, `${issue.path.join(".") || "body"}: ${issue.message}`);
}

/** The dataset as the client sees it (listing entries, finalize and meta replies). */
export function entry(d: DatasetRecord): Record<string, unknown> {
  return {
    datasetId: d.datasetId,
    name: d.name,
    status: d.status,
    purpose: d.purpose,
    mode: d.mode,
    agent: d.agent,
    description: d.description,
    parentDatasetId: d.parentDatasetId,
    sizeBytes: d.sizeBytes,
    rows: d.rows,
    createdAt: d.createdAt,
  };
}

function presign(ctx: RouteContext, grant: Grant): string {
  const expires = ctx.nowSeconds() + ctx.urlTtlSeconds;
  return `${ctx.baseUrl()}/blobs/${grant.datasetId}?${signGrant(ctx.signingKey, grant, expires)}`;
}

export async function owned(ctx: RouteContext, account: string, id: string): Promise<DatasetRecord> {
  const d = await ctx.store.ownDataset(account, id);
  if (!d) throw new HttpError(404, `dataset ${id} not found`);
  return d;
}

/** `POST /datasets`: a pending dataset and the presigned URL its bytes go to. */
export async function createDataset(ctx: RouteContext, account: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = parse(CreateBody, await readJson(req, ctx.maxJsonBytes));
  // A parent is one of the caller's datasets; another account's is as missing as any other.
  const parent = body.parentDatasetId ?? null;
  if (parent !== null && !(await ctx.store.ownDataset(account, parent))) throw new HttpError(404, `parentDatasetId: dataset ${parent} not found`);
  const datasetId = newDatasetId();
  await ctx.store.createDataset({
    datasetId,
    account,
    name: body.name,
    purpose: body.purpose ?? "train",
    mode: body.mode ?? null,
    agent: body.agent ?? null,
    description: body.description ?? null,
    parentDatasetId: parent,
  });
  sendJson(res, 200, { datasetId, uploadUrl: presign(ctx, { method: "PUT", datasetId }) });
}

/** `POST /datasets/{id}/finalize`: counts the rows, cuts the download parts, marks it ready. Repeating it is harmless. */
export async function finalizeDataset(ctx: RouteContext, account: string, id: string, res: ServerResponse): Promise<void> {
  const d = await owned(ctx, account, id);
  if (d.status === "ready") return sendJson(res, 200, entry(d));
  // Claimed before the size is read: an upload finishing during the scan, at any server, cannot swap the bytes being counted.
  if (await ctx.store.claimForFinalize(id)) {
    let marked = false;
    try {
      const size = await ctx.blobs.size(id);
      if (size === null) throw new HttpError(409, `dataset ${id} has no upload yet: PUT its bytes to the uploadUrl first`);
      const { rows, parts } = await scanBlob(ctx.blobs.read(id, 0, Math.max(size, 1)), ctx.partBytes);
      // Deleted during the scan: nothing to mark.
      marked = await ctx.store.markReady(id, size, rows, parts);
    } finally {
      if (!marked) await ctx.store.releaseFinalize(id);
    }
  }
  // Not claimed: finalized meanwhile by another call (its reply is this one's too), or deleted (404).
  sendJson(res, 200, entry(await owned(ctx, account, id)));
}

/** `GET /datasets`: the account's ready datasets, newest first, and the bytes they hold. */
export async function listDatasets(ctx: RouteContext, account: string, res: ServerResponse): Promise<void> {
  const ready = await ctx.store.readyDatasets(account);
  const storageBytes = ready.reduce((n, d) => n + d.sizeBytes, 0);
  sendJson(res, 200, { datasets: ready.map(entry), storageBytes });
}

/** `POST /datasets/{id}/meta`: purpose, mode, agent or description. */
export async function updateMeta(ctx: RouteContext, account: string, id: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  await owned(ctx, account, id);
  const body = parse(MetaBody, await readJson(req, ctx.maxJsonBytes));
  const meta = {
    purpose: body.purpose ?? undefined,
    mode: body.mode ?? undefined,
    agent: body.agent ?? undefined,
    description: body.description ?? undefined,
  };
  if (Object.values(meta).every((v) => v === undefined)) throw new HttpError(400, "pass purpose, mode, agent or description");
  await ctx.store.updateMeta(id, meta);
  sendJson(res, 200, entry(await owned(ctx, account, id)));
}

/** `GET /datasets/{id}/download`: presigned part URLs in order; `downloadUrl` is the first, for old clients. */
export async function downloadGrant(ctx: RouteContext, account: string, id: string, res: ServerResponse): Promise<void> {
  sendJson(res, 200, grantFor(ctx, ready(await owned(ctx, account, id))));
}

/** The dataset when finalized; else 409, as its bytes are not there to read yet. */
export function ready(d: DatasetRecord): DatasetRecord {
  if (d.status !== "ready") throw new HttpError(409, `dataset ${d.datasetId} is not finalized`);
  return d;
}

/** The download grant of a ready dataset (its own and the public catalog's). */
export function grantFor(ctx: RouteContext, d: DatasetRecord): Record<string, unknown> {
  const datasetId = d.datasetId;
  const parts = d.parts.map(([start, end]) => presign(ctx, { method: "GET", datasetId, start, end }));
  return { datasetId, downloadUrl: parts[0], parts };
}

/** `DELETE /datasets/{id}`: the record, then its blob. */
export async function deleteDataset(ctx: RouteContext, account: string, id: string, res: ServerResponse): Promise<void> {
  await owned(ctx, account, id);
  await ctx.store.deleteDataset(id);
  await ctx.blobs.remove(id);
  sendJson(res, 200, { deleted: true, datasetId: id });
}
