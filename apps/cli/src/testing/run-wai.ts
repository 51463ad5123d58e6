/**
 * Running `wai` in tests. `runWai` runs the command in this process (`runCli` with its own io):
 * the same code as the binary without a Node start per call. `runWaiBinary` spawns the built
 * binary (`node dist/bin.js ...`) for the few tests about the binary itself: signals, pipes, exit
 * codes, startup. Build first (`npx tsc -p tsconfig.json`); a missing build fails loudly there.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { runCli } from "../program.js";

export const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));
/** The bundled example traces at the repository root. */
export const EXAMPLES = fileURLToPath(new URL("../../../../examples/", import.meta.url));

export function example(name: string): string {
  return join(EXAMPLES, name);
}

/** The test fixtures at the repository root (`fixtures/`: tabular files written by other tools, broken ones too). */
export const FIXTURES = fileURLToPath(new URL("../../../../fixtures/", import.meta.url));

export function fixture(name: string): string {
  return join(FIXTURES, name);
}

export interface WaiResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Bytes or text fed to stdin; without it stdin is empty (and not a terminal). */
  input?: string | Uint8Array;
  cwd?: string;
  env?: Record<string, string | undefined>;
}

export interface InProcessOptions extends RunOptions {
  /** Ctrl-C for this run: aborting it interrupts the command as SIGINT interrupts the binary. */
  interrupt?: AbortSignal;
  /** Called once the command has read all of `input`. */
  onInputRead?: () => void;
}

export interface BinaryOptions extends RunOptions {
  /** Called once the pipe has taken all of `input`: the child has read all of it but a pipe buffer. */
  onInputWritten?: (child: ChildProcess) => void;
}

/**
 * The environment a child `wai` would get: this process's, WAI_DEBUG unset, `env` over it.
 * Undefined values are dropped, as spawn drops them.
 */
export function childEnv(env: Record<string, string | undefined> = {}): Record<string, string> {
  const merged: Record<string, string | undefined> = { ...process.env, WAI_DEBUG: undefined, ...env };
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** A stream that keeps what is written to it, as a pipe to the test would. */
class Collected extends Writable {
  private readonly chunks: Buffer[] = [];

  override _write(chunk: Buffer | string, encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
    done();
  }

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

/** `wai args` in this process: its exit code and everything it printed. */
export async function runWai(args: readonly string[], options: InProcessOptions = {}): Promise<WaiResult> {
  const stdin = new PassThrough();
  if (options.onInputRead) stdin.on("end", options.onInputRead);
  stdin.end(options.input === undefined ? undefined : Buffer.from(options.input));
  const stdout = new Collected();
  const stderr = new Collected();
  // Always an interrupt of its own, so an in-process run never installs process signal handlers.
  const interrupt = options.interrupt ?? new AbortController().signal;
  const code = await runCli(args, { stdin, stdout, stderr, env: childEnv(options.env), cwd: options.cwd ?? process.cwd(), interrupt });
  return { code, signal: null, stdout: stdout.text(), stderr: stderr.text() };
}

/** `node dist/bin.js args` as a child process. */
export function runWaiBinary(args: readonly string[], options: BinaryOptions = {}): Promise<WaiResult> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build the CLI first (npx tsc -p tsconfig.json)`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env: childEnv(options.env), stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }));
    // A child that exits before reading stdin closes the pipe; that is not the test's failure.
    child.stdin.on("error", () => {});
    child.stdin.end(options.input, () => options.onInputWritten?.(child));
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
