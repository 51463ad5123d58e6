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

/**
 * The one error every OTLP decoder throws for bad input (malformed, truncated, wrong format),
 * so callers can catch it without also swallowing bugs that are not about the payload.
 */
export class OtlpDecodeError extends Error {
  readonly format: OtlpDecodeErrorDetails["format"];
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly offset: number | undefined;

  constructor(message: string, details: OtlpDecodeErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "OtlpDecodeError";
    this.format = details.format;
    this.line = details.line;
    this.column = details.column;
    this.offset = details.offset;
  }
}
