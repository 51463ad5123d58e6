/**
 * `hubPush` (BEYOND.md, issue 5): rows or a Blob straight to a Hugging Face dataset repo with the
 * user's own token, through `@huggingface/hub`, without the platform in between. Browser-safe:
 * the token and endpoint come from the options or the runtime's environment (`HF_TOKEN`,
 * `HF_ENDPOINT`); `@whileai/platform/node` adds `hubPushFile` for a path on disk. Rows go as
 * JSON Lines, or as Parquet, CSV or TSV when the path's extension says so (issue 14), encoded by
 * `@whileai/ingest`, which is imported only then.
 */
import { createRepo, HubApiError, uploadFile } from "#huggingface-hub";
import type { RowFileFormat } from "@whileai/ingest";
import { hubError, hubParams, type HubConnectionOptions } from "./hub-connection.js";
import { tabularRowFormat } from "./row-format.js";

/** Where rows land in the repo: the `train` split by the Hub's file-name convention. */
export const DEFAULT_HUB_ROWS_PATH = "data/train.jsonl";

/** `token` needs write rights. */
export interface HubPushOptions extends HubConnectionOptions {
  /**
   * Path of the file in the repo (default `data/train.jsonl`). Its extension is the format rows
   * are written in: `.parquet`, `.csv` or `.tsv` (any case) for that format, anything else
   * (`.jsonl`, `.ndjson`, `.json`, none) JSON Lines. There is no separate format option: the Hub's
   * viewer and `datasets.load_dataset` tell a file's format by its extension, so the two must agree.
   * A Blob is pushed as given whatever the extension.
   */
  path?: string;
  /** Visibility of a repo this push creates; an existing repo keeps its own. */
  private?: boolean;
  /** Create the repo when missing (default true); false pushes only to an existing repo. */
  createRepo?: boolean;
  commitTitle?: string;
}

export interface HubPushResult {
  /** `namespace/name`. */
  repo: string;
  /** The dataset's page on the Hub. */
  url: string;
  path: string;
  /** The commit id, or null when the Hub made none (the file was already identical). */
  commit: string | null;
  bytes: number;
  /** Rows written; null for a Blob pushed as given. */
  rows: number | null;
  /** The format the rows were written in (told by `path`); null for a Blob pushed as given. */
  format: RowFileFormat | null;
  /** Whether this push created the repo. */
  created: boolean;
}

const REPO = /^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
// Rows are gathered into strings of about this many characters, so a big push is a few
// thousand Blob parts rather than one per row.
const CHUNK_CHARS = 1 << 16;

/** A row as one line of JSON; anything but a JSON object is refused naming the row. */
function jsonLine(row: unknown, n: number): string {
  if (typeof row !== "object" || row === null || Array.isArray(row)) {
    throw new TypeError(`hubPush: row ${n} is not a JSON object (got ${row === null ? "null" : Array.isArray(row) ? "an array" : typeof row})`);
  }
  try {
    return JSON.stringify(row);
  } catch (error) {
    throw new TypeError(`hubPush: row ${n} cannot be written as JSON: ${(error as Error).message}`);
  }
}

/** Rows as JSONL, one JSON object per line; anything else is refused naming the row. */
async function jsonl(rows: Iterable<unknown> | AsyncIterable<unknown>): Promise<{ blob: Blob; rows: number }> {
  const parts: string[] = [];
  let chunk = "";
  let n = 0;
  for await (const row of rows) {
    chunk += jsonLine(row, n) + "\n";
    n++;
    if (chunk.length >= CHUNK_CHARS) {
      parts.push(chunk);
      chunk = "";
    }
  }
  if (chunk) parts.push(chunk);
  if (n === 0) throw new TypeError("hubPush: no rows to push");
  return { blob: new Blob(parts, { type: "application/jsonl" }), rows: n };
}

/**
 * Uploads `source` to the dataset repo `repo` (`namespace/name`) as one commit: rows become a
 * file at `options.path` in the format its extension names (Parquet, CSV, TSV, else JSONL); a
 * Blob goes as it is. The repo is created when missing.
 */
export async function hubPush(
  source: Iterable<unknown> | AsyncIterable<unknown> | Blob,
  repo: string,
  options: HubPushOptions = {},
): Promise<HubPushResult> {
  if (!REPO.test(repo)) throw new TypeError(`hubPush: repo must be "namespace/name", got ${JSON.stringify(repo)}`);
  const path = options.path ?? DEFAULT_HUB_ROWS_PATH;
  if (!path || path.startsWith("/") || path.split("/").includes("..")) throw new TypeError(`hubPush: invalid path in the repo: ${JSON.stringify(path)}`);
  const common = hubParams(options, true);
  options.signal?.throwIfAborted();
  const tabularFormat = tabularRowFormat(path);
  const format: RowFileFormat | null = source instanceof Blob ? null : (tabularFormat ?? "jsonl");
  let blob: Blob;
  let rows: number | null = null;
  if (source instanceof Blob) blob = source;
  // Only here is @whileai/ingest loaded, so a bundler gives it a chunk of its own.
  else if (tabularFormat) ({ blob, rows } = await (await import("./hub-push-tabular.js")).tabularBlob(source, tabularFormat, jsonLine));
  else ({ blob, rows } = await jsonl(source));
  const target = { type: "dataset" as const, name: repo };
  let created = false;
  try {
    if (options.createRepo !== false) {
      try {
        await createRepo({ ...common, repo: target, ...(options.private !== undefined && { visibility: options.private ? "private" : "public" }) });
        created = true;
      } catch (error) {
        // 409: the repo exists already, which is what the push needs.
        if (!(error instanceof HubApiError && error.statusCode === 409)) throw error;
      }
    }
    options.signal?.throwIfAborted();
    const out = await uploadFile({
      ...common,
      repo: target,
      file: { path, content: blob },
      commitTitle: options.commitTitle ?? `Add ${path} with whileai`,
      useWebWorkers: false,
      ...(options.signal && { abortSignal: options.signal }),
    });
    return { repo, url: `${common.hubUrl}/datasets/${repo}`, path, commit: out?.commit.oid ?? null, bytes: blob.size, rows, format, created };
  } catch (error) {
    throw hubError(`Hugging Face push to ${repo}`, error, options.signal);
  }
}
