/** A platform server on a fresh data directory, the real client pointed at it, and cleanup of both after each test. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createNodeRuntime, setPlatformRuntime } from "@whileai/platform/node";
import { afterEach } from "vitest";
import { createPlatformServer, type PlatformServer, type PlatformServerOptions } from "../server.js";
import { testDatabase } from "./test-store.js";

export const SIGNING_KEY = "test-signing-key";

export interface Scratch {
  server: PlatformServer;
  dataDir: string;
  apiKey: string;
}

const servers = new Set<PlatformServer>();
const dirs: string[] = [];

function removeDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

// Registered by every file that imports this module.
afterEach(async () => {
  for (const server of servers) await server.close();
  servers.clear();
  removeDirs();
});

// A run stopped from outside (Ctrl-C, turbo ending the task when another one fails) skips
// afterEach, and a scratch directory can hold 2 GB: remove them on the way out too.
process.once("exit", removeDirs);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    removeDirs();
    process.kill(process.pid, signal);
  });
}

/** A fresh directory removed after the test. */
export function scratchDir(prefix = "wai-scale-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Starts a server (closed after the test) on `dataDir`, with no account. */
export async function startServer(dataDir: string, options: Partial<PlatformServerOptions> = {}): Promise<PlatformServer> {
  const server = await createPlatformServer({ dataDir, signingKey: SIGNING_KEY, database: await testDatabase(), ...options });
  servers.add(server);
  return server;
}

/** Closes a server started by `startServer` before the test ends. */
export async function stopServer(server: PlatformServer): Promise<void> {
  servers.delete(server);
  await server.close();
}

/** A server on a fresh directory with account "alice"; the client's URL is the server's and its WHILEAI_HOME empty. */
export async function scratchServer(options: Partial<PlatformServerOptions> = {}): Promise<Scratch> {
  const dataDir = scratchDir();
  const server = await startServer(dataDir, options);
  setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: server.url, WHILEAI_HOME: dataDir } }));
  return { server, dataDir, apiKey: (await server.createAccount("alice")).apiKey };
}
