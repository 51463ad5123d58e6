import { WhileaiError } from "@whileai/traces";

/** Where a payload failed to decode, so the message can point at the spot. */
export interface OtlpDecodeErrorDetails {
  /** Which decoder failed. */
  format: "protobuf" | "json" | "jsonl" | "gzip" | "otlp";
  /** 1-based line (JSON text, JSON Lines). */
  line?: number;
  /** 1-based column in that line (JSON text). */
  column?: number;
  /** Byte offset (protobuf, gzip). */
  offset?: number;
  /** What the decoder underneath threw, kept for debugging. */
  cause?: unknown;
}

const marker = Symbol.for("@whileai/otel/OtlpDecodeError");

/**
 * The one error every OTLP decoder throws for bad input (malformed, truncated, wrong format),
 * so callers can catch it without also swallowing bugs that are not about the payload.
 */
export class OtlpDecodeError extends WhileaiError {
  override readonly name = "OtlpDecodeError";
  readonly format: OtlpDecodeErrorDetails["format"];
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly offset: number | undefined;

  constructor(message: string, details: OtlpDecodeErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.format = details.format;
    this.line = details.line;
    this.column = details.column;
    this.offset = details.offset;
  }

  private get [marker](): true {
    return true;
  }

  static override isInstance(value: unknown): value is OtlpDecodeError {
    return WhileaiError.hasMarker(value, marker);
  }
}
