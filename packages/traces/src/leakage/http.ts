/**
 * The one HTTP call the embedders of `@whileai/traces/embedders` make: POST a JSON body with the
 * `fetch` of their options, else the global one (browsers, Node 18+, Deno, workers), so they
 * need no Node built-in.
 */
import { WhileaiError } from "@whileai/hash-embed";
import * as z from "zod/mini";

/** Transport options shared by the HTTP embedders. */
export interface HttpEmbedderOptions {
  /** OpenAI: the API base (default `https://api.openai.com/v1`); Ollama: the host (default `http://127.0.0.1:11434`). */
  baseUrl?: string;
  /** OpenAI only: sent as `Authorization: Bearer <key>` when set. Environment variables are not read here. */
  apiKey?: string;
  /** Per-request timeout in milliseconds; default 30,000 (Python `EMBED_TIMEOUT_S`). */
  timeoutMs?: number;
  /** OpenAI only: the first retry waits this long, the second twice as long; default 1,500 (`EMBED_BACKOFF_S`). */
  retryDelayMs?: number;
  /** The `fetch` to call (a proxy-aware or instrumented client); default `globalThis.fetch`, read at each request. */
  fetch?: typeof fetch;
}

/** What the embedders' constructors check their options against: a typo'd or mistyped option is named. */
export const HttpEmbedderOptionsSchema = z.strictObject({
  baseUrl: z.optional(z.string()),
  apiKey: z.optional(z.string()),
  timeoutMs: z.optional(z.number().check(z.positive())),
  retryDelayMs: z.optional(z.number().check(z.nonnegative())),
  fetch: z.optional(z.function()),
});

/** Rows per request, shared by OpenAI and Ollama (Python `EMBED_BATCH`). */
export const EMBED_BATCH = 128;
export const EMBED_TIMEOUT_MS = 30_000;
export const EMBED_RETRIES = 3;
export const EMBED_BACKOFF_MS = 1_500;

/** `url.rstrip("/")`. */
export function stripSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 0x2f) end--;
  return url.slice(0, end);
}

const embedHttpErrorMarker = Symbol.for("@whileai/traces/EmbedHttpError");

/** An HTTP status of 400 or more, raised like urllib's HTTPError. */
export class EmbedHttpError extends WhileaiError {
  override readonly name = "EmbedHttpError";
  constructor(
    readonly status: number,
    readonly url: string,
    readonly detail: string,
  ) {
    super(`HTTP ${status} from ${url}${detail ? `: ${detail}` : ""}`);
  }

  private get [embedHttpErrorMarker](): true {
    return true;
  }

  static override isInstance(value: unknown): value is EmbedHttpError {
    return WhileaiError.hasMarker(value, embedHttpErrorMarker);
  }
}

/** POST `body` as JSON and parse the JSON answer. */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  options: HttpEmbedderOptions,
): Promise<unknown> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const response = await doFetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(options.timeoutMs ?? EMBED_TIMEOUT_MS),
  });
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 200);
    throw new EmbedHttpError(response.status, url, detail);
  }
  return response.json();
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
