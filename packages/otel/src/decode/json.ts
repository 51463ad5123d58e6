import { hasBareLongNumber } from "./bare-long.js";
import { jsonErrorOffset, lineColumn } from "./json-error-position.js";
import { OtlpDecodeError } from "./otlp-decode-error.js";
import type { OtlpTracesJson } from "./otlp-json-types.js";

/**
 * An integer literal of 16 or more digits given as the value of a 64-bit OTLP field
 * (`intValue`, `*UnixNano`, and their snake_case spellings, which proto3 JSON parsers also
 * accept): the only ones a double may not hold exactly. Anchoring on `{` or `,` makes the
 * opening quote a real key quote: inside a JSON string a quote is always escaped, so it can
 * never follow those characters directly. The lookahead rejects fractions and exponents.
 */
const LONG_INT64_FIELD = /([{,]\s*"(?:intValue|int_value|[A-Za-z_]*(?:UnixNano|unix_nano))"\s*:\s*)(-?[1-9]\d{15,})(?=\s*[,}\]])/g;
// A cheap first look (hasBareLongNumber): most exports (the OpenTelemetry JS SDK's among them)
// quote their 64-bit values, so no bare number of 16 digits follows a colon and the text goes to
// JSON.parse as is.

export interface ParseOtlpJsonOptions {
  /** Line number of the text's first line in its file, for messages (JSON Lines). Default 1. */
  line?: number;
}

/**
 * Parse OTLP/JSON text without losing 64-bit integers. `JSON.parse` turns a bare
 * `"startTimeUnixNano": 1544712660000000001` into the nearest double (…000000000), and Node 20
 * has no reviver source access, so a bare integer of a 64-bit field that a double cannot hold
 * exactly is first rewritten as its decimal string (the proto3 JSON form, as
 * `decodeOtlpProtobuf` gives it). Every other number stays a number, as Python's `json.loads`
 * keeps it an int: `rowsFromOtel` then reads `{"intValue": 0}` as Python does (0 is falsy there,
 * "0" is not). Throws `OtlpDecodeError` naming the line and column of the first syntax error.
 */
export function parseOtlpJson(text: string, options: ParseOtlpJsonOptions = {}): OtlpTracesJson {
  let value: unknown;
  try {
    value = JSON.parse(hasBareLongNumber(text) ? text.replace(LONG_INT64_FIELD, quoteUnsafe) : text);
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

function quoteUnsafe(match: string, key: string, digits: string): string {
  return Number.isSafeInteger(Number(digits)) ? match : `${key}"${digits}"`;
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
