/** When and how long to wait before retrying a request (BEYOND.md; the Python SDK never retries). */

export interface RetryOptions {
  /** Retries after the first attempt. */
  retries?: number;
  /** First backoff step, in milliseconds; doubles on each retry. */
  baseDelayMs?: number;
  /** Cap of one backoff step, in milliseconds. */
  maxDelayMs?: number;
  /** Cap of a server's `Retry-After`, in milliseconds. */
  maxRetryAfterMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = {
  retries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

// A replay of these changes nothing on the server, so a lost reply can be asked for again.
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method);
}

/** 429 and every 5xx except 501 (not implemented stays not implemented). */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status !== 501);
}

const SECONDS = /^\d+$/;

/** `Retry-After` as milliseconds from `now` (delta seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (SECONDS.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Full jitter over a capped exponential step: uniform in [0, min(cap, base * 2^attempt)]. */
export function backoffDelay(attempt: number, retry: Required<RetryOptions>, random = Math.random): number {
  return random() * Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
