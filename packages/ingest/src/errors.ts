/** A source the front door cannot read, naming the source and, where known, the line and column. */
import { WhileaiError } from "@whileai/traces";

const marker = Symbol.for("@whileai/ingest/TraceReadError");

export class TraceReadError extends WhileaiError {
  override readonly name = "TraceReadError";
  readonly source: string;
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(source: string, reason: string, where: { line?: number; column?: number; cause?: unknown } = {}) {
    const at = where.line === undefined ? "" : where.column === undefined ? `:${where.line}` : `:${where.line}:${where.column}`;
    super(`${source}${at}: ${reason}`, { cause: where.cause });
    this.source = source;
    this.line = where.line;
    this.column = where.column;
  }

  private get [marker](): true {
    return true;
  }

  static override isInstance(value: unknown): value is TraceReadError {
    return WhileaiError.hasMarker(value, marker);
  }
}

/** What is said of text no reader takes, with how its first line starts. */
export function notATrace(line: string): string {
  return `not JSON, JSON Lines, CSV, Parquet, Arrow or OTLP protobuf (the line starts with ${JSON.stringify(line.trim().slice(0, 20))})`;
}
