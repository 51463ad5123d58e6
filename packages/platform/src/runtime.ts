/**
 * What the client needs from its host: environment variables, the stored login and a way to send
 * a request. Injected so the main entry never imports a Node built-in and bundles for browsers;
 * `@whileai/platform/node` installs the Node runtime (undici keep-alive pool, credentials file).
 * A call's own `fetch` option replaces only the runtime's transport, for that call.
 */
import { concatBytes } from "./concat-bytes.js";

/** One HTTP request as the transport sends it. */
export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** An async iterable streams the body (uploads from disk); its length is in `Content-Length`. */
  body: string | Uint8Array<ArrayBuffer> | AsyncIterable<Uint8Array> | undefined;
  signal: AbortSignal;
}

/** The reply's status line and headers; the body is read once with `text()`. */
export interface TransportResponse {
  status: number;
  header(name: string): string | null;
  text(): Promise<string>;
  /** The body as chunks, read instead of `text()` (pull to a file); absent where the transport cannot stream. */
  stream?(): AsyncIterable<Uint8Array>;
}

export interface PlatformRuntime {
  /** A raw environment variable, or undefined when the host has none (a browser). */
  env(name: string): string | undefined;
  /** The parsed credentials file in `configDir` (null: the default `~/.whileai`), or null when absent. */
  readCredentials(configDir: string | null): unknown;
  send(request: TransportRequest): Promise<TransportResponse>;
}

// Read without importing `process`, so a browser bundle has no reference to resolve.
function hostEnv(name: string): string | undefined {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return proc?.env?.[name];
}

/** What a call needs of a WHATWG `fetch` (the global one, undici's, a test's or a proxy's all fit). */
export type PlatformFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | Uint8Array<ArrayBuffer> | null; signal: AbortSignal },
) => Promise<PlatformFetchResponse>;

/** The part of a fetch `Response` a call reads. */
export interface PlatformFetchResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  body?: ReadableStream<Uint8Array> | null;
}

// Browsers stream a request body only over HTTP/2 with `duplex: "half"`, so a streamed body is gathered first.
async function fetchBody(body: TransportRequest["body"]): Promise<string | Uint8Array<ArrayBuffer> | null> {
  if (body === undefined) return null;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return concatBytes(chunks);
}

// A reader rather than `for await` over the stream: Safari's ReadableStream is not async-iterable.
async function* streamChunks(body: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = body.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if ((done = next.done)) return;
      yield next.value;
    }
  } finally {
    // A consumer that stops early (a failed write) must not leave the connection open.
    if (!done) await reader.cancel().catch(() => undefined);
  }
}

// Content-Length is fetch's to set from the body: browsers drop it, undici refuses a request that sets it.
function withoutContentLength(headers: Record<string, string>): Record<string, string> {
  const { "Content-Length": _, ...rest } = headers;
  return rest;
}

/** A transport that sends through `fetchFn`; its reply streams when the response has a body stream. */
export function fetchTransport(fetchFn: PlatformFetch): PlatformRuntime["send"] {
  return async (request) => {
    const res = await fetchFn(request.url, {
      method: request.method,
      headers: withoutContentLength(request.headers),
      body: await fetchBody(request.body),
      signal: request.signal,
    });
    const body = res.body;
    return {
      status: res.status,
      header: (name) => res.headers.get(name),
      text: () => res.text(),
      ...(body && { stream: () => streamChunks(body) }),
    };
  };
}

/** The browser-safe runtime: global `fetch` (looked up at each call), host environment when there is one, no credentials file. */
export const fetchRuntime: PlatformRuntime = {
  env: hostEnv,
  readCredentials: () => null,
  send: fetchTransport((url, init) => fetch(url, init)),
};

let current: PlatformRuntime = fetchRuntime;

/** The runtime every call uses. */
export function platformRuntime(): PlatformRuntime {
  return current;
}

/** Replace the runtime (the Node entry does this once; tests point it at a scratch environment). */
export function setPlatformRuntime(runtime: PlatformRuntime): void {
  current = runtime;
}
