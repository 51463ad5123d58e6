/**
 * Test fixtures of the platform and server commands: a real local platform on 127.0.0.1 with a
 * temporary data directory, an environment that cannot reach the user's own login, and the
 * servers (`wai serve`, `wai otel serve`) run as the built binary, stopped by real signals.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPlatformServer, type PlatformServer } from "@whileai/platform-server";
import { BIN, childEnv } from "./run-wai.js";

export { EXAMPLES, runWai, runWaiBinary } from "./run-wai.js";

export interface LocalPlatform {
  server: PlatformServer;
  url: string;
  apiKey: string;
  dir: string;
  close(): Promise<void>;
}

const made: string[] = [];

/** A temporary directory, removed by `removeScratchDirs` (call it in `afterAll`). */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeScratchDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A platform with one account (`alice`) whose key is returned. */
export async function startLocalPlatform(): Promise<LocalPlatform> {
  const dir = scratchDir("wai-platform-");
  const server = await createPlatformServer({ dataDir: join(dir, "data"), signingKey: "test-signing-key", port: 0 });
  const apiKey = "wai_test_alice";
  await server.ensureAccountKey("alice", apiKey);
  return {
    server,
    url: server.url,
    apiKey,
    dir,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Env = Record<string, string | undefined>;

/**
 * Environment overrides for a child `wai`: every WHILEAI_/ZEROPROOF_ variable of the caller unset,
 * HOME and WHILEAI_HOME in an empty directory (so no stored login is found), plus `extra`.
 */
export function isolatedEnv(home: string, extra: Record<string, string> = {}): Env {
  const env: Env = {};
  for (const k of Object.keys(process.env)) if (k.startsWith("WHILEAI_") || k.startsWith("ZEROPROOF_")) env[k] = undefined;
  return { ...env, HOME: home, WHILEAI_HOME: join(home, ".whileai"), ...extra };
}

/** A long-running `wai` (a server): its output so far, and a way to wait for a line. */
export interface WaiProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout or stderr; rejects if the process ends first, or after `ms` (a hung server, not a slow machine). */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** Sends `signal` and resolves with the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startWai(args: readonly string[], options: { env: Env; cwd?: string }): WaiProcess {
  const child = spawn(process.execPath, [BIN, ...args], { env: childEnv(options.env), cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("close", (code, signal) => resolve({ code, signal })));
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  child.stdout!.setEncoding("utf8").on("data", (d: string) => {
    out += d;
    changed();
  });
  child.stderr!.setEncoding("utf8").on("data", (d: string) => {
    err += d;
    changed();
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitFor(pattern, ms = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = out.match(pattern) ?? err.match(pattern);
          if (!match) return false;
          done();
          resolve(match);
          return true;
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} after ${ms} ms; stdout: ${out}; stderr: ${err}`));
        }, ms);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(listener);
        };
        const listener = () => void check();
        if (check()) return;
        listeners.add(listener);
        void exited.then(() => {
          if (check()) return;
          done();
          reject(new Error(`wai exited before ${pattern}; stdout: ${out}; stderr: ${err}`));
        });
      });
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
