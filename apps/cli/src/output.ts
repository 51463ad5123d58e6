/**
 * Everything a command prints goes through here: data to stdout (text or `--json`), notes and
 * warnings to stderr, so `wai ... --json | jq` always sees clean JSON.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import type { Writable } from "node:stream";
import { CliError } from "./errors.js";
import { currentIo, resolvePath } from "./io.js";

/** `--json` output: two-space indented, one trailing newline. Key order is the object's, so build objects in a fixed order. */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function writeJson(value: unknown): void {
  currentIo().stdout.write(formatJson(value));
}

/** Text for stdout, with exactly one trailing newline. */
export function writeText(text: string): void {
  currentIo().stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

/** A note for the user that is not data (what was dropped, where a file went): stderr, `wai: ` prefixed. */
export function note(message: string): void {
  currentIo().stderr.write(`wai: ${message}\n`);
}

export function warn(message: string): void {
  currentIo().stderr.write(`wai: warning: ${message}\n`);
}

/** True when the path means "standard output": `-` or not given. */
export function isStdout(path: string | undefined): boolean {
  return path === undefined || path === "-";
}

/**
 * A sink for many lines (rows JSONL) to a file or stdout that honours backpressure, so writing a
 * million rows never buffers them all in memory. `close()` flushes and, for a file, waits for it.
 */
export class LineSink {
  private readonly stream: Writable;
  private readonly ownsStream: boolean;
  /** Where the lines go, for messages: the path, or "stdout". */
  readonly target: string;
  lines = 0;
  private failure: Error | undefined;

  constructor(path: string | undefined) {
    this.ownsStream = !isStdout(path);
    this.target = this.ownsStream ? (path as string) : "stdout";
    this.stream = this.ownsStream ? createWriteStream(resolvePath(path as string)) : currentIo().stdout;
    // A file that cannot be opened fails asynchronously; keep the error for the next write.
    if (this.ownsStream) this.stream.on("error", (error) => (this.failure ??= error));
  }

  /** Write one line (a newline is added); waits only when the stream asks us to. */
  async write(line: string): Promise<void> {
    this.check();
    this.lines++;
    // `once` rejects on "error", so a full disk or closed pipe stops the command instead of hanging.
    if (!this.stream.write(`${line}\n`)) await once(this.stream, "drain").catch((error: Error) => this.fail(error));
  }

  async close(): Promise<void> {
    if (!this.ownsStream) return;
    this.check();
    const file = this.stream as WriteStream;
    file.end();
    await once(file, "finish").catch((error: Error) => this.fail(error));
  }

  private check(): void {
    if (this.failure !== undefined) this.fail(this.failure);
  }

  private fail(error: Error): never {
    throw new CliError(`cannot write ${this.target}: ${error.message}`, { cause: error });
  }
}

/** Write a whole text file (JSON reports), or to stdout for `-`. */
export async function writeTextFile(path: string | undefined, text: string): Promise<void> {
  const sink = new LineSink(path);
  await sink.write(text.endsWith("\n") ? text.slice(0, -1) : text);
  await sink.close();
}
