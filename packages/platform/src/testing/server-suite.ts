/** Vitest setup shared by the Node transfer tests: one recording server per file and the Node runtime pointed at it. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createNodeRuntime } from "../node/runtime.js";
import { fetchRuntime, setPlatformRuntime } from "../runtime.js";
import { startRecordingServer, type RecordingServer } from "./recording-server.js";

export interface ServerSuite {
  /** The file's recording server (set once `beforeAll` has run). */
  readonly server: RecordingServer;
  /** A scratch directory, also the empty `WHILEAI_HOME`. */
  readonly dir: string;
  /** Point the platform runtime at the server. */
  use(): void;
}

export function serverSuite(prefix: string): ServerSuite {
  let server: RecordingServer | undefined;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterEach(() => setPlatformRuntime(fetchRuntime));
  afterAll(() => server?.close());
  const started = (): RecordingServer => {
    if (!server) throw new Error("serverSuite: the server starts in beforeAll");
    return server;
  };
  return {
    get server() {
      return started();
    },
    dir,
    use: () => setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: started().url, WHILEAI_HOME: dir } })),
  };
}

/** The error a promise rejects with, or null when it resolves. */
export const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as Error);
