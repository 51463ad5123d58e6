/** Test helpers: a server on a temporary data directory with the real client pointed at it, and a caught `PlatformError`. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createNodeRuntime, PlatformError, setPlatformRuntime } from "@whileai/platform/node";
import { createPlatformServer, type PlatformServer } from "../server.js";
import { testDatabase } from "./test-store.js";

/** A server with the accounts named, each with its key; the client has no key of its own (WHILEAI_HOME is empty). */
export async function serverWithAccounts(...names: string[]): Promise<{ server: PlatformServer; keys: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), "wai-server-"));
  const server = await createPlatformServer({ dataDir, signingKey: "test-signing-key", database: await testDatabase() });
  setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: server.url, WHILEAI_HOME: dataDir } }));
  const keys: string[] = [];
  for (const n of names) keys.push((await server.createAccount(n)).apiKey);
  return { server, keys };
}

/** The `PlatformError` the promise rejects with (anything else, or success, fails the test). */
export async function platformFailure(p: Promise<unknown>): Promise<PlatformError> {
  const outcome = await p.then(
    () => new Error("expected a PlatformError"),
    (error: unknown) => error,
  );
  if (PlatformError.isInstance(outcome)) return outcome;
  throw outcome;
}
