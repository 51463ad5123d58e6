/** What every Hugging Face Hub call shares: the token, the endpoint and how a Hub failure reads. */
import { HubApiError } from "#huggingface-hub";
import { PlatformError } from "./platform-error.js";
import { platformRuntime } from "./runtime.js";

export const DEFAULT_HUB_ENDPOINT = "https://huggingface.co";

export interface HubConnectionOptions {
  /** Access token; otherwise `HF_TOKEN`. */
  token?: string | null;
  /** Hub base URL; otherwise `HF_ENDPOINT`, else https://huggingface.co. */
  endpoint?: string | null;
  /** The fetch the hub library uses (default the global one). */
  fetch?: typeof fetch;
  /** Cancels the call: it rejects with the signal's reason (an `AbortError` for a bare `abort()`). */
  signal?: AbortSignal;
}

/** The endpoint without a trailing slash. */
export function hubEndpoint(endpoint?: string | null): string {
  const url = endpoint || platformRuntime().env("HF_ENDPOINT") || DEFAULT_HUB_ENDPOINT;
  return url.replace(/\/+$/, "");
}

/** The token, or null when there is none and `required` is false (public reads). */
function resolveToken(options: HubConnectionOptions, required: boolean): string | null {
  const token = (options.token ?? platformRuntime().env("HF_TOKEN") ?? "").trim();
  if (!token) {
    if (!required) return null;
    throw new PlatformError("No Hugging Face token: set HF_TOKEN or pass token: (a write token from https://huggingface.co/settings/tokens).");
  }
  // The hub library refuses these with a bare TypeError; say where the token came from.
  if (!token.startsWith("hf_")) throw new PlatformError("The Hugging Face token does not start with hf_: check HF_TOKEN or the token option.");
  return token;
}

interface HubParams {
  accessToken?: string;
  hubUrl: string;
  fetch?: typeof fetch;
}

/** The parameters `@huggingface/hub` calls take; with `tokenRequired` a missing token throws. */
export function hubParams(options: HubConnectionOptions, tokenRequired: true): HubParams & { accessToken: string };
export function hubParams(options: HubConnectionOptions, tokenRequired: false): HubParams;
export function hubParams(options: HubConnectionOptions, tokenRequired: boolean): HubParams {
  const token = resolveToken(options, tokenRequired);
  const fetchFn = options.signal ? withSignal(options.fetch, options.signal) : options.fetch;
  return { ...(token && { accessToken: token }), hubUrl: hubEndpoint(options.endpoint), ...(fetchFn && { fetch: fetchFn }) };
}

// Only some of the library's calls take an abort signal; every one of them fetches through `fetch`.
function withSignal(fetchFn: typeof fetch | undefined, signal: AbortSignal): typeof fetch {
  return (input, init) => {
    const own = init?.signal;
    return (fetchFn ?? fetch)(input, { ...init, signal: own ? AbortSignal.any([own, signal]) : signal });
  };
}

/**
 * A failed Hub call as a `PlatformError`: `"{what} -> {status}: {Hub's message}"`, or `"{what}
 * failed: {reason}"` without a reply; after an abort of `signal`, the caller's reason as it is.
 */
export function hubError(what: string, error: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason;
  if (PlatformError.isInstance(error)) return error;
  if (error instanceof HubApiError) {
    const data = error.data as { error?: unknown } | undefined;
    const detail = typeof data?.error === "string" ? data.error : error.message;
    return new PlatformError(`${what} -> ${error.statusCode}: ${detail}`, { status: error.statusCode, url: error.url, detail, cause: error });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new PlatformError(`${what} failed: ${reason}`, { detail: reason, cause: error });
}
