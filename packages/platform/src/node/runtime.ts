/** The Node runtime: undici keep-alive pool for requests, the credentials file on disk. */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { Agent, interceptors, request } from "undici";
import type { PlatformRuntime } from "../runtime.js";

export interface NodeRuntimeOptions {
  /** Environment to read instead of `process.env` (tests, embedding). */
  env?: Record<string, string | undefined>;
  /** Home directory holding `.whileai/` (default: the user's). */
  homeDir?: string;
}

/** `<dir>/credentials.json` parsed, or null when unreadable or not JSON (treated as absent, as in Python). */
function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** `~/.whileai`, unless only the pre-rename `~/.zeroproof/credentials.json` exists. */
export function defaultConfigDir(home: string): string {
  const current = join(home, ".whileai");
  const legacy = join(home, ".zeroproof");
  if (!existsSync(join(current, "credentials.json")) && existsSync(join(legacy, "credentials.json"))) return legacy;
  return current;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createNodeRuntime(options: NodeRuntimeOptions = {}): PlatformRuntime {
  const env = options.env ?? process.env;
  // One pooled keep-alive dispatcher per runtime; redirects followed as urllib does.
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 32 }).compose(
    interceptors.redirect({ maxRedirections: 5 }),
  );
  return {
    env: (name) => env[name],
    readCredentials(configDir) {
      const dir = configDir ?? defaultConfigDir(options.homeDir ?? homedir());
      return readJsonFile(join(dir, "credentials.json"));
    },
    async send(req) {
      // After seconds of synchronous work (pushRows encoding 100,000 rows) the server may have
      // closed a pooled keep-alive socket without the close being read yet; a POST sent on it fails
      // with "other side closed" and is not retried. Two turns of the event loop let it read the
      // close (the second turn polls for I/O), so the request goes on a live or fresh socket.
      await nextTurn();
      await nextTurn();
      // Our own signal bounds each attempt, so undici's idle timers are off.
      const res = await request(req.url, {
        method: req.method as "GET",
        headers: req.headers,
        body: typeof req.body === "object" && !(req.body instanceof Uint8Array) ? Readable.from(req.body) : req.body,
        signal: req.signal,
        dispatcher,
        headersTimeout: 0,
        bodyTimeout: 0,
      });
      return {
        status: res.statusCode,
        header(name) {
          const value = res.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
        },
        text: () => res.body.text(),
        stream: () => res.body,
      };
    },
  };
}

/** The runtime the Node entry installs: `process.env`, `~/.whileai`, a shared undici pool. */
export const nodeRuntime: PlatformRuntime = createNodeRuntime();
