/** The one HTTP primitive, Python's `_call` (platform-and-otel.md §2), plus retries, abort and a User-Agent. */
import * as py from "@whileai/hash-embed/internal";
import { apiUrl, resolveApiKey } from "../config.js";
import { PLATFORM_ERROR_DETAIL_CHARS, PLATFORM_REQUEST_TIMEOUT_S } from "../constants.js";
import { PlatformError } from "../platform-error.js";
import { checkConnection, type RequestOptions } from "../request-options.js";
import { fetchTransport, platformRuntime, type PlatformRuntime, type TransportResponse } from "../runtime.js";
import { backoffDelay, DEFAULT_RETRY, isIdempotent, isRetryableStatus, parseRetryAfter, sleep, type RetryOptions } from "./retry.js";

export const USER_AGENT = "whileai-ts/0.1.0";

/** `apiUrl`, `apiKey`, `fetch` and `signal` as every call takes them, plus what the calls themselves set. */
export interface CallOptions extends RequestOptions {
  /** JSON body, serialised as Python's `json.dumps`. */
  body?: unknown;
  /** An absolute URL (presigned upload or part download): no key, raw text back. */
  rawUrl?: string;
  /** Raw bytes to send instead of a JSON body, or a factory of a fresh chunk stream for each attempt (with `contentLength`). */
  data?: string | Uint8Array<ArrayBuffer> | (() => AsyncIterable<Uint8Array>);
  /** Byte length of a streamed `data`, sent as `Content-Length`. */
  contentLength?: number;
  /** Reads a raw-URL reply body as chunks instead of as text (pull to a file); the call then returns "". */
  consume?: (chunks: AsyncIterable<Uint8Array>) => Promise<void>;
  contentType?: string;
  /** Seconds for each attempt, headers and body included. */
  timeout?: number;
  /** A Clerk session token sent as `Authorization: Bearer`. */
  authToken?: string | null;
  /** Send `X-Api-Key` even with a bearer token (`/v1/scores`). */
  requireApiKey?: boolean;
  /** Never send a key (the public catalog). */
  public?: boolean;
  /** Retry policy of idempotent methods; `{ retries: 0 }` turns retries off. */
  retry?: RetryOptions;
}

function buildHeaders(rawUrl: string | undefined, options: CallOptions): Record<string, string> {
  const headers: Record<string, string> = { "User-Agent": USER_AGENT };
  const token = (options.authToken ?? "").trim();
  if (token) headers["Authorization"] = `Bearer ${token}`;
  if (options.requireApiKey || (!rawUrl && !token && !options.public)) {
    headers["X-Api-Key"] = resolveApiKey(options.apiKey);
  }
  return headers;
}

/** Python's detail: the first 400 characters of the body, or its JSON `error` field when it has one. */
function errorDetail(text: string): string {
  const detail = py.pyHead(text, PLATFORM_ERROR_DETAIL_CHARS);
  let parsed: unknown;
  try {
    parsed = py.pyJsonLoads(detail);
  } catch {
    return detail;
  }
  // Only a JSON object has `.get`; a list, string or number keeps the raw text, as in Python.
  if (!py.isDict(parsed)) return detail;
  return "error" in parsed ? py.pyStr(parsed["error"]) : detail;
}

function failureReason(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  if (error instanceof Error && error.message && error.message !== "fetch failed") return error.message;
  if (cause instanceof Error) return cause.message;
  return String(error);
}

/** One attempt: a reply (any status) or a PlatformError "failed: …"; a caller's abort rethrows its reason. */
async function attempt(
  method: string,
  url: string,
  headers: Record<string, string>,
  data: CallOptions["data"] | undefined,
  timeoutS: number,
  signal: AbortSignal | undefined,
  consume: CallOptions["consume"],
  send: PlatformRuntime["send"],
): Promise<{ response: TransportResponse; text: string }> {
  const timeout = AbortSignal.timeout(Math.max(1, Math.round(timeoutS * 1000)));
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const body = typeof data === "function" ? data() : data;
  try {
    const response = await send({ method, url, headers, body, signal: combined });
    if (consume && response.status < 400) {
      if (!response.stream) throw new Error("this runtime cannot stream a reply body");
      await consume(response.stream());
      return { response, text: "" };
    }
    const text = await response.text();
    return { response, text };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    const reason = timeout.aborted ? "timed out" : failureReason(error);
    throw PlatformError.fromFailure({ method, url, reason, cause: error });
  }
}

/**
 * Send one platform request. Path calls return the parsed JSON reply (`{}` for an empty body);
 * raw-URL calls return the body text. Any status >= 400 and any failed connection become a
 * `PlatformError` with Python's message; idempotent methods first retry network errors, 429 and
 * 5xx with capped, jittered backoff, honouring `Retry-After`.
 */
export async function call(method: string, path: string, options: CallOptions = {}): Promise<unknown> {
  checkConnection(options);
  const rawUrl = options.rawUrl;
  const url = rawUrl || apiUrl(options.apiUrl) + path;
  // The call's own fetch, else the runtime's transport (undici from the Node entry, else global fetch).
  const send = options.fetch ? fetchTransport(options.fetch) : platformRuntime().send;
  const headers = buildHeaders(rawUrl, options);
  let body: CallOptions["data"] | undefined = options.data;
  if (options.body !== undefined && options.body !== null) {
    body = py.pyJsonDumps(options.body);
    headers["Content-Type"] = "application/json";
  }
  if (options.contentType) headers["Content-Type"] = options.contentType;
  if (options.contentLength !== undefined) headers["Content-Length"] = String(options.contentLength);
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const retries = isIdempotent(method) ? retry.retries : 0;
  const timeoutS = options.timeout ?? PLATFORM_REQUEST_TIMEOUT_S;

  for (let n = 0; ; n++) {
    let reply: { response: TransportResponse; text: string };
    try {
      reply = await attempt(method, url, headers, body, timeoutS, options.signal, options.consume, send);
    } catch (error) {
      if (n >= retries || !PlatformError.isInstance(error)) throw error;
      await sleep(backoffDelay(n, retry), options.signal);
      continue;
    }
    const { response, text } = reply;
    if (response.status >= 400) {
      if (n < retries && isRetryableStatus(response.status)) {
        const after = parseRetryAfter(response.header("retry-after"));
        const wait = after === null ? backoffDelay(n, retry) : Math.min(after, retry.maxRetryAfterMs);
        await sleep(wait, options.signal);
        continue;
      }
      throw PlatformError.fromStatus({ method, url, status: response.status, detail: errorDetail(text) });
    }
    if (rawUrl) return text;
    // Invalid JSON propagates as a JSON error, not a PlatformError, as in Python.
    return text ? py.pyJsonLoads(text) : {};
  }
}

/** A path segment (dataset, run, agent id) made safe to interpolate; Python sends it raw. */
export function segment(id: unknown): string {
  return encodeURIComponent(py.pyStr(id));
}

/** Python's `urllib.parse.urlencode` (quote_plus) of string pairs. */
export function urlencode(pairs: Iterable<[string, string]>): string {
  const parts: string[] = [];
  for (const [k, v] of pairs) parts.push(`${quotePlus(k)}=${quotePlus(v)}`);
  return parts.join("&");
}

const NOT_SAFE_IN_QUOTE_PLUS = /[!'()*]/g;

function quotePlus(s: string): string {
  return encodeURIComponent(s)
    .replace(NOT_SAFE_IN_QUOTE_PLUS, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, "+");
}
