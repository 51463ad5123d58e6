/** A JSONL line that is not JSON, with where it is, so a bad export can be fixed at the source. */
import { WhileaiError } from "@whileai/hash-embed";

const marker = Symbol.for("@whileai/traces/JsonlLineError");

export class JsonlLineError extends WhileaiError {
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

  private get [marker](): true {
    return true;
  }

  static override isInstance(value: unknown): value is JsonlLineError {
    return WhileaiError.hasMarker(value, marker);
  }
}
