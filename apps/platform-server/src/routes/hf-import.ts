/**
 * `POST /datasets/import-hf` (platform-and-otel.md §4.21): a Hub dataset's data files for one
 * split become a new finalized dataset, in the background. The request is checked and the files
 * are chosen before the reply, so a missing repo or split (404) or a split with no file the local
 * platform reads (422) is refused at once; the dataset row then reads `importing` until it is
 * `ready` or `failed` (with `hfImport.error` naming the file, and the line or row group).
 *
 * Files are chosen by name only, and read in path order (shard order: `train-00000-of-00002`,
 * then `train-00001-of-00002`), `max_rows` counting across them:
 * - JSON Lines (`.jsonl`, `.ndjson`, also gzipped as `.jsonl.gz`): stored byte for byte, line by
 *   line; each non-blank line must be a JSON object.
 * - Parquet, CSV, TSV and Arrow IPC (`.parquet`, `.csv`, `.tsv`, `.arrow`, `.feather`, each also
 *   as `.gz`): read by `@whileai/ingest`'s front door, which tells the format by content, as raw
 *   values (nulls are absent keys, int64 past 2^53 a decimal string, timestamps ISO text, binary
 *   base64), each row stored as one `JSON.stringify` line.
 * - Everything else the Hub's naming convention counts as data (`.json`, whose layout, JSON Lines
 *   or one document, the name does not tell; `.txt`; files compressed other than with gzip,
 *   `.zst`, `.bz2`, `.xz`) is not read: beside readable files it is listed in
 *   `hfImport.skippedFiles`, and a split with only such files is refused with 422.
 * Once written, the blob is scanned and marked ready as a pushed dataset's is, and profiled the
 * same way when its profile is first asked for.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { streamTraces, TraceReadError } from "@whileai/ingest";
import { MODES, PLATFORM_IMPORT_MAX_ROWS, PlatformError, PURPOSES } from "@whileai/platform";
import { hubDownload, hubListFiles, type HubFile } from "@whileai/platform/hub";
import { z } from "zod";
import { newDatasetId, scanBlob, TooLargeError } from "../blobs.js";
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

/** What the Hub's naming convention counts as a data file, read here or not. */
const DATA_FILE = /\.(jsonl|ndjson|json|parquet|csv|tsv|arrow|feather|txt)(\.(gz|zst|bz2|xz))?$/i;
/** JSON Lines, stored as they are (inflated first when the name ends in `.gz`). */
const JSONL_FILE = /\.(jsonl|ndjson)(\.gz)?$/i;
/** Tables, read by the front door (which tells the format, and gzip, by content). */
const TABLE_FILE = /\.(parquet|csv|tsv|arrow|feather)(\.gz)?$/i;
/** Words that put a file in some split by the Hub's file-naming convention. */
const SPLIT_WORDS = new Set(["train", "training", "test", "testing", "eval", "evaluation", "validation", "valid", "val", "dev"]);

function words(path: string): string[] {
  return path.toLowerCase().replace(DATA_FILE, "").split(/[^a-z0-9]+/);
}

function readable(file: HubFile): boolean {
  return JSONL_FILE.test(file.path) || TABLE_FILE.test(file.path);
}

/**
 * The split's data files by the Hub's naming convention, in path order (shard order): the split's
 * name as a word of the path (`data/train-00000.jsonl`, `test/part.jsonl`); for `train`, also
 * files no split word claims.
 */
export function splitFiles(files: HubFile[], split: string, config: string | null): HubFile[] {
  const data = files.filter((f) => DATA_FILE.test(f.path) && (!config || f.path.startsWith(`${config}/`)));
  data.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
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

interface ImportState {
  rows: number;
  truncated: boolean;
}

/**
 * The rows of `files` in order as JSON Lines text, until `maxRows`; `state.truncated` tells
 * whether more rows were left. JSON Lines files are passed through line by line; tables are read
 * by the front door.
 */
async function* importLines(hub: HubConnection, info: ImportInfo, files: HubFile[], state: ImportState, signal: AbortSignal): AsyncGenerator<string> {
  for (const file of files) {
    const blob = await hubDownload(info.repo, file.path, { ...hub, revision: info.revision });
    const lines = JSONL_FILE.test(file.path) ? jsonlLines(blob, file.path, info, state, signal) : tableLines(blob, file.path, info, state, signal);
    // yield* hands an early return (max_rows reached, or the write stopping) on to the file's reader.
    yield* lines;
    if (state.truncated) return;
  }
}

/** The non-blank lines of one JSON Lines file, each checked to be a JSON object, as they were. */
async function* jsonlLines(blob: Blob, path: string, info: ImportInfo, state: ImportState, signal: AbortSignal): AsyncGenerator<string> {
  let carry = "";
  let lineNo = 0;
  const take = (line: string): string | null => {
    lineNo++;
    if (!line.trim()) return null;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`${path} line ${lineNo}: not JSON (${(error as Error).message})`);
    }
    if (!isObject(value)) throw new Error(`${path} line ${lineNo}: not a JSON object`);
    return line.endsWith("\r") ? line.slice(0, -1) : line;
  };
  let bytes = blob.stream();
  if (/\.gz$/i.test(path)) bytes = bytes.pipeThrough(new DecompressionStream("gzip"));
  try {
    for await (const text of bytes.pipeThrough(new TextDecoderStream())) {
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
  } catch (error) {
    // A download cut short, or gzip that does not inflate; the lines' own errors name the file already.
    throw readFailure(path, error, signal);
  }
  const last = take(carry);
  if (last !== null) {
    if (state.rows === info.maxRows) return void (state.truncated = true);
    state.rows++;
    yield last + "\n";
  }
}

/** The rows of one table file as the front door reads them (raw values), one JSON line each, a batch at a time. */
async function* tableLines(blob: Blob, path: string, info: ImportInfo, state: ImportState, signal: AbortSignal): AsyncGenerator<string> {
  let row = 0;
  try {
    for await (const batch of frontDoorBatches(blob, path, signal)) {
      let text = "";
      for (const value of batch) {
        row++;
        if (!isObject(value)) throw new Error(`${path} row ${row}: not a JSON object`);
        if (state.rows === info.maxRows) {
          state.truncated = true;
          break;
        }
        state.rows++;
        text += JSON.stringify(value) + "\n";
      }
      if (text) yield text;
      if (state.truncated) return;
    }
  } catch (error) {
    throw readFailure(path, error, signal);
  }
}

/**
 * `streamTraces`' batches of `blob` (raw values) as an iterator, one batch held at a time: the
 * read waits until the batch before is taken. Closing the iterator early stops the read.
 */
async function* frontDoorBatches(blob: Blob, name: string, signal: AbortSignal): AsyncGenerator<unknown[]> {
  type Item = { batch: unknown[] } | { end: true } | { error: unknown };
  let deliver!: (item: Item) => void;
  let next = new Promise<Item>((resolve) => (deliver = resolve));
  const handOff = (item: Item): void => {
    const to = deliver;
    next = new Promise<Item>((resolve) => (deliver = resolve));
    to(item);
  };
  // The sink's wait for the batch it handed off to be taken; rejected when the iterator is closed.
  const sink: { waiting?: { resolve: () => void; reject: (error: unknown) => void } } = {};
  const reading = streamTraces(blob, { name, raw: true, signal }, (batch) =>
    new Promise<void>((resolve, reject) => {
      sink.waiting = { resolve, reject };
      handOff({ batch });
    }),
  ).then(
    () => handOff({ end: true }),
    (error: unknown) => handOff({ error }),
  );
  try {
    for (;;) {
      const item = await next;
      if ("end" in item) return;
      if ("error" in item) throw item.error;
      yield item.batch;
      const taken = sink.waiting;
      sink.waiting = undefined;
      taken?.resolve();
    }
  } finally {
    sink.waiting?.reject(new Error("the import stopped reading"));
    await reading;
  }
}

/**
 * A file that could not be read, as `path line N: reason` (the JSON Lines errors' form) or
 * `path: reason`; an abort stays as it is.
 */
function readFailure(path: string, error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return error;
  if (TraceReadError.isInstance(error)) {
    const at = error.line === undefined ? "" : error.column === undefined ? `:${error.line}` : `:${error.line}:${error.column}`;
    const prefix = `${error.source}${at}: `;
    const reason = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    const where = error.line === undefined ? "" : ` line ${error.line}${error.column === undefined ? "" : ` column ${error.column}`}`;
    return new Error(`${path}${where}: ${reason}`, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith(`${path} `) || message.startsWith(`${path}:`) ? error : new Error(`${path}: ${message}`, { cause: error });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
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
  const files = chosen.filter(readable);
  if (files.length === 0) {
    const kinds = [...new Set(chosen.map((f) => DATA_FILE.exec(f.path)![0]))].join(", ");
    throw new HttpError(
      422,
      `split "${body.split}" of ${where} is stored as ${kinds}: the local platform imports JSON Lines (.jsonl, .ndjson), Parquet, CSV, TSV and Arrow (.arrow, .feather) files, also gzipped (.gz), not .json, .txt or other compression; the Hub keeps a Parquet copy of most datasets at revision refs/convert/parquet`,
    );
  }
  const datasetId = newDatasetId();
  await ctx.store.createDataset({
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
    files: files.map((f) => f.path),
    // Files of the split this import leaves out (a format it does not read) are named, not dropped silently.
    ...(files.length < chosen.length && { skippedFiles: chosen.filter((f) => !readable(f)).map((f) => f.path) }),
    maxRows: body.max_rows,
    startedAt: new Date().toISOString(),
  };
  await ctx.hf.saveImport(datasetId, info);
  // The answer is the row as the import starts, read before its job runs: a job that finished
  // during the reads would otherwise show up half done in it (seen under load on PostgreSQL).
  const started = await datasetJson(ctx, await owned(ctx, account, datasetId));
  ctx.jobs.start(async (signal) => {
    const state = { rows: 0, truncated: false };
    const lines = importLines(hub, info, files, state, signal);
    let outcome: ImportInfo;
    try {
      const size = await ctx.blobs.write(datasetId, Readable.from(lines), ctx.maxImportBytes);
      if (state.rows === 0) throw new Error(`no rows in ${info.files.join(", ")}`);
      const { rows, parts } = await scanBlob(ctx.blobs.read(datasetId, 0, size), ctx.partBytes);
      const done: ImportInfo = { ...info, status: "done", rows, truncated: state.truncated, finishedAt: new Date().toISOString() };
      // Together, so no poll sees the dataset ready while its import still reads "importing".
      const kept = await ctx.store.db.transaction(async (tx) => {
        if (!(await ctx.store.markReady(datasetId, size, rows, parts, tx))) return false;
        await ctx.hf.saveImport(datasetId, done, tx);
        return true;
      });
      // Deleted during the import: its bytes go too.
      if (!kept) await ctx.blobs.remove(datasetId);
      return;
    } catch (error) {
      // A write that stopped early (past the size cap) leaves the file being read: close it, so its read stops too.
      await lines.return(undefined);
      await ctx.blobs.remove(datasetId);
      const message = signal.aborted
        ? "the local platform stopped during the import; run it again"
        : error instanceof TooLargeError
          ? `the rows come to more than ${error.limit} bytes, the local platform's upload cap: import fewer (max_rows)`
          : (error as Error).message;
      outcome = { ...info, status: "failed", error: message, finishedAt: new Date().toISOString() };
    }
    if (await ctx.store.ownDataset(account, datasetId)) await ctx.hf.saveImport(datasetId, outcome);
  });
  sendJson(res, 200, started);
}
