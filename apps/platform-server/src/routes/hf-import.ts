/**
 * `POST /datasets/import-hf` (platform-and-otel.md §4.21): a Hub dataset's JSONL files for one
 * split become a new finalized dataset, in the background. The request is checked and the files
 * are chosen before the reply, so a missing repo or split (404) or a format the local platform
 * cannot read (422: parquet, CSV…) is refused at once; the dataset row then reads `importing`
 * until it is `ready` or `failed` (with `hfImport.error` naming the file and line).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { MODES, PLATFORM_IMPORT_MAX_ROWS, PlatformError, PURPOSES } from "@whileai/platform";
import { hubDownload, hubListFiles, type HubFile } from "@whileai/platform/hub";
import { z } from "zod";
import { newDatasetId, scanBlob } from "../blobs.js";
import type { ImportInfo } from "../hf-store.js";
import { HttpError, readJson, sendJson } from "../http.js";
import { owned, parse } from "./datasets.js";
import { datasetJson, hubFailure, requireHub, type HfContext, type HubConnection } from "./hf.js";

export interface HfImportContext extends HfContext {
  /** Cap of an imported dataset's bytes (the upload cap). */
  maxImportBytes: number;
}

const optionalText = z.string().nullish();
const ImportBody = z.looseObject({
  repo: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected "namespace/name"'),
  split: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "expected a split name such as train").default("train"),
  purpose: z.enum(PURPOSES).nullish(),
  mode: z.enum(MODES).nullish(),
  max_rows: z.number().int().positive().default(PLATFORM_IMPORT_MAX_ROWS),
  // A branch, tag or commit; it goes into Hub URLs with the platform's token, so nothing that could climb out of the repo.
  revision: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "expected a branch, tag or commit")
    .refine((r) => !r.split("/").includes(".."), "expected a branch, tag or commit")
    .nullish(),
  config: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "expected a config (subset) name").nullish(),
  name: optionalText,
  agent: optionalText,
  description: optionalText,
});

const DATA_FILE = /\.(jsonl|ndjson|json|parquet|csv|tsv|arrow|txt)(\.(gz|zst|bz2|xz))?$/i;
const JSONL_FILE = /\.(jsonl|ndjson)$/i;
/** Words that put a file in some split by the Hub's file-naming convention. */
const SPLIT_WORDS = new Set(["train", "training", "test", "testing", "eval", "evaluation", "validation", "valid", "val", "dev"]);

function words(path: string): string[] {
  return path.toLowerCase().replace(DATA_FILE, "").split(/[^a-z0-9]+/);
}

/**
 * The split's data files by the Hub's naming convention: the split's name as a word of the path
 * (`data/train-00000.jsonl`, `test/part.jsonl`); for `train`, also files no split word claims.
 */
export function splitFiles(files: HubFile[], split: string, config: string | null): HubFile[] {
  const data = files.filter((f) => DATA_FILE.test(f.path) && (!config || f.path.startsWith(`${config}/`)));
  const named = data.filter((f) => words(f.path).includes(split.toLowerCase()));
  if (named.length > 0 || split !== "train") return named;
  return data.filter((f) => !words(f.path).some((w) => SPLIT_WORDS.has(w)));
}

/** The repo's files, with a missing repo or revision as 404 and any other Hub failure as 502. */
async function listRepo(hub: HubConnection, repo: string, revision: string): Promise<HubFile[]> {
  try {
    return await hubListFiles(repo, { ...hub, revision });
  } catch (error) {
    if (PlatformError.isInstance(error) && error.status === 404) {
      throw new HttpError(404, `Hugging Face dataset ${repo} (revision ${revision}) not found, or not visible to the platform's token`);
    }
    throw hubFailure(`cannot list ${repo} on the Hub`, error);
  }
}

/** The JSONL lines of `files` in order, each checked to be a JSON object, until `maxRows`; `state.truncated` tells whether more rows were left. */
async function* importLines(hub: HubConnection, info: ImportInfo, files: HubFile[], state: { rows: number; truncated: boolean }, signal: AbortSignal) {
  for (const file of files) {
    const blob = await hubDownload(info.repo, file.path, { ...hub, revision: info.revision });
    let carry = "";
    let lineNo = 0;
    const take = (line: string): string | null => {
      lineNo++;
      if (!line.trim()) return null;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        throw new Error(`${file.path} line ${lineNo}: not JSON (${(error as Error).message})`);
      }
      if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`${file.path} line ${lineNo}: not a JSON object`);
      return line.endsWith("\r") ? line.slice(0, -1) : line;
    };
    for await (const text of blob.stream().pipeThrough(new TextDecoderStream())) {
      signal.throwIfAborted();
      carry += text;
      let start = 0;
      for (let nl = carry.indexOf("\n"); nl >= 0; nl = carry.indexOf("\n", start)) {
        const line = take(carry.slice(start, nl));
        start = nl + 1;
        if (line === null) continue;
        if (state.rows === info.maxRows) return void (state.truncated = true);
        state.rows++;
        yield line + "\n";
      }
      carry = carry.slice(start);
    }
    const last = take(carry);
    if (last !== null) {
      if (state.rows === info.maxRows) return void (state.truncated = true);
      state.rows++;
      yield last + "\n";
    }
  }
}

/** `POST /datasets/import-hf`: the new dataset's row, status `importing`. */
export async function importHfRoute(ctx: HfImportContext, account: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const hub = requireHub(ctx);
  const body = parse(ImportBody, await readJson(req, ctx.maxJsonBytes));
  const revision = body.revision || "main";
  const config = body.config || null;
  const chosen = splitFiles(await listRepo(hub, body.repo, revision), body.split, config);
  const where = `${body.repo}${config ? ` (config ${config})` : ""} at ${revision}`;
  if (chosen.length === 0) throw new HttpError(404, `no data files for split "${body.split}" in ${where}`);
  const jsonl = chosen.filter((f) => JSONL_FILE.test(f.path));
  if (jsonl.length === 0) {
    const kinds = [...new Set(chosen.map((f) => DATA_FILE.exec(f.path)![0]))].join(", ");
    throw new HttpError(422, `split "${body.split}" of ${where} is stored as ${kinds}: the local platform imports JSONL (.jsonl, .ndjson) only; parquet, CSV and other formats are not supported`);
  }
  const datasetId = newDatasetId();
  ctx.store.createDataset({
    datasetId,
    account,
    name: body.name || `${body.repo}:${body.split}`,
    purpose: body.purpose ?? "train",
    mode: body.mode ?? null,
    agent: body.agent ?? null,
    description: body.description ?? null,
    parentDatasetId: null,
  });
  const info: ImportInfo = {
    status: "importing",
    repo: body.repo,
    split: body.split,
    revision,
    config,
    files: jsonl.map((f) => f.path),
    // Files of the split this import leaves out (another format) are named, not dropped silently.
    ...(jsonl.length < chosen.length && { skippedFiles: chosen.filter((f) => !JSONL_FILE.test(f.path)).map((f) => f.path) }),
    maxRows: body.max_rows,
    startedAt: new Date().toISOString(),
  };
  ctx.hf.saveImport(datasetId, info);
  ctx.jobs.start(async (signal) => {
    const state = { rows: 0, truncated: false };
    let outcome: ImportInfo;
    try {
      const size = await ctx.blobs.write(datasetId, Readable.from(importLines(hub, info, jsonl, state, signal)), ctx.maxImportBytes);
      if (state.rows === 0) throw new Error(`no rows in ${info.files.join(", ")}`);
      const { rows, parts } = await scanBlob(ctx.blobs.read(datasetId, 0, size), ctx.partBytes);
      if (!ctx.store.ownDataset(account, datasetId)) return void (await ctx.blobs.remove(datasetId));
      ctx.store.markReady(datasetId, size, rows, parts);
      outcome = { ...info, status: "done", rows, truncated: state.truncated, finishedAt: new Date().toISOString() };
    } catch (error) {
      await ctx.blobs.remove(datasetId);
      const message = signal.aborted ? "the local platform stopped during the import; run it again" : (error as Error).message;
      outcome = { ...info, status: "failed", error: message, finishedAt: new Date().toISOString() };
    }
    if (ctx.store.ownDataset(account, datasetId)) ctx.hf.saveImport(datasetId, outcome);
  });
  sendJson(res, 200, datasetJson(ctx, owned(ctx, account, datasetId)));
}
