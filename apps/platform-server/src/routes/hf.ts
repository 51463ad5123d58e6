/**
 * The Hugging Face routes (platform-and-otel.md §4.18–4.20): `GET /hf/me`, `POST /datasets/{id}/hf-publish`
 * with the `hf` stamp on `GET /datasets/{id}`, and the run routes. The hosted platform pushes with
 * each user's linked Hub account; the local one has a single Hub connection, configured when it
 * starts (endpoint and token), shared by its accounts. Without one every hf route answers 501
 * saying how to configure it.
 */
import { openAsBlob } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PlatformError } from "@whileai/platform";
import { hubPush, hubWhoAmI } from "@whileai/platform/hub";
import { z } from "zod";
import type { HfJobs, HfStore, PushStamp } from "../hf-store.js";
import { HttpError, readJson, sendJson } from "../http.js";
import type { DatasetRecord } from "../store.js";
import { entry, owned, parse, ready, type RouteContext } from "./datasets.js";

/** The Hub the local platform pushes to and imports from. */
export interface HubConnection {
  /** Base URL, e.g. https://huggingface.co. */
  endpoint: string;
  /** An access token (`hf_…`) with write rights for pushes. */
  token: string;
}

export interface HfContext extends RouteContext {
  hub: HubConnection | null;
  hf: HfStore;
  jobs: HfJobs;
}

const NOT_CONFIGURED =
  "Hugging Face is not configured on this local platform: start it with WHILEAI_HF_TOKEN=hf_... " +
  "(and WHILEAI_HF_ENDPOINT for a Hub other than https://huggingface.co), or pass hub: { endpoint, token } to createPlatformServer";

/** The configured Hub, or 501. */
export function requireHub(ctx: HfContext): HubConnection {
  if (!ctx.hub) throw new HttpError(501, NOT_CONFIGURED);
  return ctx.hub;
}

/** A Hub failure as the reply: 502, as the fault is upstream; the Hub's status and message are kept in the text. */
export function hubFailure(what: string, error: unknown): HttpError {
  return new HttpError(502, `${what}: ${error instanceof Error ? error.message : String(error)}`);
}

/** `GET /hf/me`: `{connected, username, namespaces, scopes}` of the platform's Hub token; a refused token reads as not connected. */
export async function hfMe(ctx: HfContext, res: ServerResponse): Promise<void> {
  const hub = requireHub(ctx);
  try {
    const me = await hubWhoAmI(hub);
    sendJson(res, 200, { connected: true, username: me.name, namespaces: me.namespaces, scopes: me.scopes });
  } catch (error) {
    const refused = PlatformError.isInstance(error) && (error.status === 401 || error.status === 403);
    if (!refused) throw hubFailure("cannot reach the Hub", error);
    sendJson(res, 200, { connected: false, username: null, namespaces: [], scopes: [], error: error.message });
  }
}

/** The dataset as `GET /datasets/{id}` shows it: its latest `hf` push stamp and, for an import, `hfImport` (status `importing`/`failed` until it is ready). */
export async function datasetJson(ctx: HfContext, read: DatasetRecord): Promise<Record<string, unknown>> {
  let d = read;
  const imported = await ctx.hf.import(d.datasetId);
  // An import is marked done in the transaction that makes its dataset ready: one that finished
  // after `d` was read makes `d` stale, so it is read again (null: deleted meanwhile, keep `d`).
  if (imported?.status === "done" && d.status !== "ready") d = (await ctx.store.dataset(d.datasetId)) ?? d;
  const row = entry(d);
  const stamp = await ctx.hf.push(d.datasetId);
  if (stamp) row["hf"] = stamp;
  if (imported) {
    row["hfImport"] = imported;
    if (d.status !== "ready") row["status"] = imported.status === "failed" ? "failed" : "importing";
  }
  return row;
}

/** `GET /datasets/{id}`: what `hfPublish` and `importHf` poll. */
export async function datasetRow(ctx: HfContext, account: string, id: string, res: ServerResponse): Promise<void> {
  sendJson(res, 200, await datasetJson(ctx, await owned(ctx, account, id)));
}

const PART = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;
const PublishBody = z.looseObject({ private: z.boolean().optional(), namespace: z.string().nullish(), repo: z.string().nullish() });

/** Where a dataset's purpose lands among the Hub's split names. */
const SPLIT_OF_PURPOSE: Record<string, string> = { train: "train", holdout: "validation", eval: "test" };

/** The dataset name as a Hub repo name: letters, digits, `.`, `_`, `-`. */
function repoName(name: string, fallback: string): string {
  const slug = name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+|-+$/g, "").slice(0, 96);
  return slug || fallback;
}

/**
 * `POST /datasets/{id}/hf-publish` `{private, namespace?, repo?}`: `{hf}` with status `pushing`; the
 * push runs in the background and its stamp turns `done` (with the commit) or `error`. The repo
 * defaults to the token owner's namespace and the dataset's name.
 */
export async function hfPublishDataset(ctx: HfContext, account: string, id: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Another account's dataset is missing (404) whether or not a Hub is configured (501).
  const d = ready(await owned(ctx, account, id));
  const hub = requireHub(ctx);
  const body = parse(PublishBody, await readJson(req, ctx.maxJsonBytes));
  if ((await ctx.hf.push(id))?.status === "pushing") throw new HttpError(409, `a Hugging Face push of ${id} is already running`);
  let namespace = body.namespace;
  if (!namespace) {
    try {
      namespace = (await hubWhoAmI(hub)).name;
    } catch (error) {
      throw hubFailure("cannot learn the Hub account of the platform's token", error);
    }
  }
  const name = body.repo || repoName(d.name, d.datasetId);
  for (const [field, value] of [["namespace", namespace], ["repo", name]] as const) {
    if (!PART.test(value)) throw new HttpError(400, `${field}: ${JSON.stringify(value)} is not a Hub name (letters, digits, ".", "_", "-")`);
  }
  const repo = `${namespace}/${name}`;
  const split = SPLIT_OF_PURPOSE[d.purpose] ?? "train";
  const stamp: PushStamp = {
    status: "pushing",
    repo,
    url: `${hub.endpoint.replace(/\/+$/, "")}/datasets/${repo}`,
    split,
    path: `data/${split}.jsonl`,
    private: body.private ?? false,
    startedAt: new Date().toISOString(),
  };
  await ctx.hf.savePush(id, stamp);
  ctx.jobs.start(async (signal) => {
    let done: PushStamp;
    try {
      const blob = await openAsBlob(ctx.blobs.path(id));
      const out = await hubPush(blob, repo, {
        token: hub.token,
        endpoint: hub.endpoint,
        path: stamp.path,
        private: stamp.private,
        commitTitle: `Upload ${d.name} (${d.datasetId}) from the whileai local platform`,
        signal,
      });
      done = { ...stamp, status: "done", commit: out.commit, rows: d.rows, finishedAt: new Date().toISOString() };
    } catch (error) {
      const message = signal.aborted ? "the local platform stopped during the push; run it again" : (error as Error).message;
      done = { ...stamp, status: "error", error: message, finishedAt: new Date().toISOString() };
    }
    // The dataset may have been deleted meanwhile; its stamp went with it.
    if (await ctx.store.ownDataset(account, id)) await ctx.hf.savePush(id, done);
  });
  sendJson(res, 200, { datasetId: id, hf: stamp });
}

/** `POST /runs/{id}/hf-publish` and `GET /runs/{id}`: the local platform trains nothing, so no run exists. */
export function runRoute(ctx: HfContext, id: string, publishing: boolean): never {
  if (publishing) requireHub(ctx);
  throw new HttpError(404, `run ${JSON.stringify(id)} not found: the local platform has no training runs`);
}
