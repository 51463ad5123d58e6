/** The options every platform call takes: where the platform is, how to reach it, who is asking, and when to stop. */
import type { PlatformFetch } from "./runtime.js";

/** Where a call goes and how; each one left out comes from the environment. */
export interface ConnectionOptions {
  /** Platform base URL (trailing `/` stripped); otherwise `WHILEAI_API_URL`, else https://api.withwhile.com. */
  apiUrl?: string | null;
  /**
   * The `fetch` this call sends with (a browser's, a test's, one behind a proxy); otherwise the
   * runtime's transport: undici once `@whileai/platform/node` is loaded, else the global `fetch`.
   */
  fetch?: PlatformFetch;
  /** Cancels the request and any retry wait: the call rejects with the signal's reason (an `AbortError` for a bare `abort()`). */
  signal?: AbortSignal;
}

/** Options every keyed platform call takes. */
export interface RequestOptions extends ConnectionOptions {
  /** API key; otherwise `WHILEAI_DELEGATED_CREDENTIAL`, `WHILEAI_API_KEY`, then the stored login. */
  apiKey?: string | null;
}

/** Only the request options of a call's options, so the call's own options (`timeout`, `name`, …) never reach the request. */
export function requestOptions({ apiUrl, apiKey, fetch, signal }: RequestOptions): RequestOptions {
  return { apiUrl, apiKey, fetch, signal };
}

/** Throws a TypeError naming the option when `apiUrl`, `fetch` or `signal` is not what it should be; before any request. */
export function checkConnection({ apiUrl, fetch, signal }: ConnectionOptions): void {
  if (apiUrl != null && !isHttpUrl(apiUrl)) {
    throw new TypeError(`option apiUrl: expected an absolute http(s) URL, got ${JSON.stringify(apiUrl)}`);
  }
  if (fetch != null && typeof fetch !== "function") throw new TypeError(`option fetch: expected a function, got ${typeof fetch}`);
  if (signal != null && typeof (signal as Partial<AbortSignal>).addEventListener !== "function") {
    throw new TypeError("option signal: expected an AbortSignal");
  }
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
