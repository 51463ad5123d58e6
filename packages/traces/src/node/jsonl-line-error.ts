/** A JSONL line that is not JSON, with where it is, so a bad export can be fixed at the source. */

const marker = "whileai.traces.JsonlLineError";
const symbol = Symbol.for(marker);

export class JsonlLineError extends Error {
  // The marker survives two copies of this package in one process, where `instanceof` does not.
  private readonly [symbol] = true;
  override readonly name = "JsonlLineError";
  /** The file as the caller named it. */
  readonly file: string;
  /** 1-based, counting blank lines, with `\n`, `\r\n` and `\r` each ending a line (Python's universal newlines). */
  readonly line: number;

  constructor({ file, line, reason, cause }: { file: string; line: number; reason: string; cause?: unknown }) {
    super(`${file}:${line}: ${reason}`, { cause });
    this.file = file;
    this.line = line;
  }

  static isInstance(error: unknown): error is JsonlLineError {
    return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[symbol] === true;
  }
}
