/**
 * What the client needs from its host: environment variables, the stored login and a way to send
 * a request. Injected so the main entry never imports a Node built-in and bundles for browsers;
 * `@whileai/platform/node` installs the Node runtime (undici keep-alive pool, credentials file).
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

// Browsers stream a request body only over HTTP/2 with `duplex: "half"`, so a streamed body is gathered first.
async function fetchBody(body: TransportRequest["body"]): Promise<string | Uint8Array<ArrayBuffer> | null> {
  if (body === undefined) return null;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return concatBytes(chunks);
}

/** The browser-safe runtime: global `fetch`, host environment when there is one, no credentials file. */
export const fetchRuntime: PlatformRuntime = {
  env: hostEnv,
  readCredentials: () => null,
  async send(request) {
    const res = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: await fetchBody(request.body),
      signal: request.signal,
    });
    return { status: res.status, header: (name) => res.headers.get(name), text: () => res.text() };
  },
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
