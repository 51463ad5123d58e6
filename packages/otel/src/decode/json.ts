import { jsonErrorOffset, lineColumn } from "./json-error-position.js";
import { OtlpDecodeError } from "./otlp-decode-error.js";
import type { OtlpTracesJson } from "./otlp-json-types.js";

/**
 * An integer literal given as the value of a 64-bit OTLP field (`intValue`, `*UnixNano`, and
 * their snake_case spellings, which proto3 JSON parsers also accept). Anchoring on `{` or `,`
 * makes the opening quote a real key quote: inside a JSON string a quote is always escaped, so
 * it can never follow those characters directly. The lookahead rejects fractions and exponents,
 * which are left to JSON.parse.
 */
const INT64_FIELD = /([{,]\s*"(?:intValue|int_value|[A-Za-z_]*(?:UnixNano|unix_nano))"\s*:\s*)(-?(?:0|[1-9]\d*))(?=\s*[,}\]])/g;

export interface ParseOtlpJsonOptions {
  /** Line number of the text's first line in its file, for messages (JSON Lines). Default 1. */
  line?: number;
}

/**
 * Parse OTLP/JSON text without losing 64-bit integers. `JSON.parse` turns a bare
 * `"startTimeUnixNano": 1544712660000000001` into the nearest double (…000000000), and Node 20
 * has no reviver source access, so the integer literals of the 64-bit fields are first rewritten
 * as strings; the result then has every such field as a decimal string, which is the proto3 JSON
 * form and the same as `decodeOtlpProtobuf` gives. Other numbers are left to `JSON.parse`.
 * Throws `OtlpDecodeError` naming the line and column of the first syntax error.
 */
export function parseOtlpJson(text: string, options: ParseOtlpJsonOptions = {}): OtlpTracesJson {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(INT64_FIELD, '$1"$2"'));
  } catch (error) {
    throw jsonSyntaxError(text, error, options.line ?? 1);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    const { line } = lineColumn(text, firstNonSpace(text));
    throw new OtlpDecodeError(
      `OTLP JSON: line ${line + (options.line ?? 1) - 1}: expected an object like {"resourceSpans": [...]}, got ${describe(value)}`,
      { format: "json", line: line + (options.line ?? 1) - 1, column: 1 },
    );
  }
  return value as OtlpTracesJson;
}

function jsonSyntaxError(text: string, error: unknown, firstLine: number): OtlpDecodeError {
  // The rewrite above only quotes numbers, so a syntax error is found on the original text.
  const message = error instanceof Error ? error.message : String(error);
  const reason = message.replace(/, (?:\.\.\.)?".*" is not valid JSON$/s, "").replace(/ in JSON at position \d+.*$/s, "");
  // V8 gives a position for some errors (and it holds for the original text); find the others.
  const at = / at position (\d+)/.exec(message);
  const offset = at ? Math.min(Number(at[1]), text.length) : jsonErrorOffset(text);
  if (offset < 0) {
    return new OtlpDecodeError(`OTLP JSON: ${reason}`, { format: "json", cause: error });
  }
  const { line, column } = lineColumn(text, offset);
  const fileLine = line + firstLine - 1;
  return new OtlpDecodeError(`OTLP JSON: line ${fileLine} column ${column}: ${reason}`, {
    format: "json",
    line: fileLine,
    column,
    cause: error,
  });
}

function firstNonSpace(text: string): number {
  const m = /\S/.exec(text);
  return m ? m.index : 0;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  return value === null ? "null" : `a ${typeof value}`;
}
