/**
 * `hubPush` (BEYOND.md, issue 5): rows or a Blob straight to a Hugging Face dataset repo with the
 * user's own token, through `@huggingface/hub`, without the platform in between. Browser-safe:
 * the token and endpoint come from the options or the runtime's environment (`HF_TOKEN`,
 * `HF_ENDPOINT`); `@whileai/platform/node` adds `hubPushFile` for a path on disk.
 */
import { createRepo, HubApiError, uploadFile } from "@huggingface/hub";
import { PlatformError } from "./platform-error.js";
import { platformRuntime } from "./runtime.js";

export const DEFAULT_HUB_ENDPOINT = "https://huggingface.co";
/** Where rows land in the repo: the `train` split by the Hub's file-name convention. */
export const DEFAULT_HUB_ROWS_PATH = "data/train.jsonl";

export interface HubPushOptions {
  /** Access token with write rights; otherwise `HF_TOKEN`. */
  token?: string | null;
  /** Hub base URL; otherwise `HF_ENDPOINT`, else https://huggingface.co. */
  endpoint?: string | null;
  /** Path of the file in the repo (default `data/train.jsonl`). */
  path?: string;
  /** Visibility of a repo this push creates; an existing repo keeps its own. */
  private?: boolean;
  /** Create the repo when missing (default true); false pushes only to an existing repo. */
  createRepo?: boolean;
  commitTitle?: string;
  signal?: AbortSignal;
  /** The fetch the hub library uses (default the global one). */
  fetch?: typeof fetch;
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
  /** Whether this push created the repo. */
  created: boolean;
}

const REPO = /^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
// Rows are gathered into strings of about this many characters, so a big push is a few
// thousand Blob parts rather than one per row.
const CHUNK_CHARS = 1 << 16;

/** Rows as JSONL, one JSON object per line; anything else is refused naming the row. */
async function jsonl(rows: Iterable<unknown> | AsyncIterable<unknown>): Promise<{ blob: Blob; rows: number }> {
  const parts: string[] = [];
  let chunk = "";
  let n = 0;
  for await (const row of rows) {
    if (typeof row !== "object" || row === null || Array.isArray(row)) {
      throw new TypeError(`hubPush: row ${n} is not a JSON object (got ${row === null ? "null" : Array.isArray(row) ? "an array" : typeof row})`);
    }
    let line: string;
    try {
      line = JSON.stringify(row);
    } catch (error) {
      throw new TypeError(`hubPush: row ${n} cannot be written as JSON: ${(error as Error).message}`);
    }
    chunk += line + "\n";
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

function resolveToken(options: HubPushOptions): string {
  const token = (options.token ?? platformRuntime().env("HF_TOKEN") ?? "").trim();
  if (!token) {
    throw new PlatformError("No Hugging Face token: set HF_TOKEN or pass token: (a write token from https://huggingface.co/settings/tokens).");
  }
  // The hub library refuses these with a bare TypeError; say where the token came from.
  if (!token.startsWith("hf_")) throw new PlatformError("The Hugging Face token does not start with hf_: check HF_TOKEN or the token option.");
  return token;
}

/** The endpoint without a trailing slash. */
export function hubEndpoint(endpoint?: string | null): string {
  const url = endpoint || platformRuntime().env("HF_ENDPOINT") || DEFAULT_HUB_ENDPOINT;
  return url.replace(/\/+$/, "");
}

/** A failed Hub call as a `PlatformError` naming the repo, with the Hub's status and message. */
function hubError(repo: string, error: unknown): PlatformError {
  if (PlatformError.isInstance(error)) return error;
  if (error instanceof HubApiError) {
    const data = error.data as { error?: unknown } | undefined;
    const detail = typeof data?.error === "string" ? data.error : error.message;
    return new PlatformError(`Hugging Face push to ${repo} -> ${error.statusCode}: ${detail}`, { status: error.statusCode, url: error.url, detail, cause: error });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new PlatformError(`Hugging Face push to ${repo} failed: ${reason}`, { detail: reason, cause: error });
}

/**
 * Uploads `source` to the dataset repo `repo` (`namespace/name`) as one commit: rows become a
 * JSONL file at `options.path`; a Blob goes as it is. The repo is created when missing.
 */
export async function hubPush(
  source: Iterable<unknown> | AsyncIterable<unknown> | Blob,
  repo: string,
  options: HubPushOptions = {},
): Promise<HubPushResult> {
  if (!REPO.test(repo)) throw new TypeError(`hubPush: repo must be "namespace/name", got ${JSON.stringify(repo)}`);
  const path = options.path ?? DEFAULT_HUB_ROWS_PATH;
  if (!path || path.startsWith("/") || path.split("/").includes("..")) throw new TypeError(`hubPush: invalid path in the repo: ${JSON.stringify(path)}`);
  const accessToken = resolveToken(options);
  const hubUrl = hubEndpoint(options.endpoint);
  const { blob, rows } = source instanceof Blob ? { blob: source, rows: null } : await jsonl(source);
  const target = { type: "dataset" as const, name: repo };
  const common = { accessToken, hubUrl, ...(options.fetch && { fetch: options.fetch }) };
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
    return { repo, url: `${hubUrl}/datasets/${repo}`, path, commit: out?.commit.oid ?? null, bytes: blob.size, rows, created };
  } catch (error) {
    throw hubError(repo, error);
  }
}
