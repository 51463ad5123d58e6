/** The presigned blob URLs: `PUT /blobs/{id}` (the upload) and `GET /blobs/{id}` (one download part). No API key: the signature is the credential. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { TooLargeError, UploadRefusedError } from "../blobs.js";
import { declaredLength, HttpError } from "../http.js";
import { verifyGrant, type Grant } from "../signing.js";
import type { RouteContext } from "./datasets.js";

function verified(ctx: RouteContext, method: Grant["method"], id: string, query: URLSearchParams): Grant {
  const check = verifyGrant(ctx.signingKey, method, id, query, ctx.nowSeconds());
  if (!check.ok) throw new HttpError(403, `presigned URL refused: ${check.reason}`);
  return check.grant;
}

export async function putBlob(ctx: RouteContext, id: string, query: URLSearchParams, req: IncomingMessage, res: ServerResponse, maxUploadBytes: number): Promise<void> {
  verified(ctx, "PUT", id, query);
  const d = await ctx.store.dataset(id);
  if (!d) throw new HttpError(404, `dataset ${id} not found`);
  if (d.status === "ready") throw new HttpError(409, `dataset ${id} is finalized; its bytes cannot change`);
  const declared = declaredLength(req);
  if (declared !== null && declared > maxUploadBytes) throw new HttpError(413, `upload larger than ${maxUploadBytes} bytes`);
  // Finalized, being finalized (at any server) or deleted while the bytes were moving: they are dropped, never landed.
  try {
    await ctx.blobs.write(id, req, maxUploadBytes, (rename) => ctx.store.landUpload(id, rename));
  } catch (error) {
    if (error instanceof TooLargeError) throw new HttpError(413, `upload larger than ${error.limit} bytes`);
    if (!(error instanceof UploadRefusedError)) throw error;
    if (!(await ctx.store.dataset(id))) throw new HttpError(404, `dataset ${id} not found`);
    throw new HttpError(409, `dataset ${id} was finalized while this upload was in flight; its bytes cannot change`);
  }
  res.writeHead(200, { "Content-Length": 0 });
  res.end();
}

export async function getBlob(ctx: RouteContext, id: string, query: URLSearchParams, res: ServerResponse): Promise<void> {
  const grant = verified(ctx, "GET", id, query);
  const d = await ctx.store.dataset(id);
  if (d?.status !== "ready") throw new HttpError(404, `dataset ${id} not found`);
  const start = grant.start ?? 0;
  const end = grant.end ?? d.sizeBytes;
  if (start > end || end > d.sizeBytes) throw new HttpError(416, "range outside the dataset");
  res.writeHead(200, { "Content-Type": "application/jsonl", "Content-Length": end - start });
  if (end === start) return void res.end();
  await pipeline(ctx.blobs.read(id, start, end), res);
}
