/**
 * Tests drive the real built binary, as a user would: `node dist/bin.js ...` in a child process.
 * Build first (`npx tsc -p tsconfig.json`); a missing build fails loudly here rather than oddly.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));
/** The bundled example traces at the repository root. */
export const EXAMPLES = fileURLToPath(new URL("../../../../examples/", import.meta.url));

export function example(name: string): string {
  return join(EXAMPLES, name);
}

export interface WaiResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Bytes or text fed to stdin; without it stdin is an empty pipe (not a terminal). */
  input?: string | Uint8Array;
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Called once the process runs, e.g. to send it a signal. */
  onSpawn?: (child: import("node:child_process").ChildProcess) => void;
}

export function runWai(args: readonly string[], options: RunOptions = {}): Promise<WaiResult> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build the CLI first (npx tsc -p tsconfig.json)`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env: { ...process.env, WAI_DEBUG: undefined, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }));
    // A child that exits before reading stdin closes the pipe; that is not the test's failure.
    child.stdin.on("error", () => {});
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
    options.onSpawn?.(child);
  });
}

/** A temporary directory removed by the returned cleanup. */
export function tempDir(): { dir: string; path: (name: string) => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "wai-test-"));
  return { dir, path: (name) => join(dir, name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Rows of a JSON Lines text. */
export function jsonLines(text: string): unknown[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as unknown);
}
