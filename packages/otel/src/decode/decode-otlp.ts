import { gunzipWeb, type Gunzip } from "./gzip.js";
import { parseOtlpJson } from "./json.js";
import { readOtlpJsonLines, type ReadOtlpJsonLinesOptions } from "./jsonl.js";
import { OtlpDecodeError } from "./otlp-decode-error.js";
import type { OtlpTracesJson } from "./otlp-json-types.js";
import { decodeOtlpProtobuf } from "./protobuf.js";
import { sniffOtlpBody, type OtlpBodyHints } from "./sniff.js";

export interface DecodeOtlpOptions extends OtlpBodyHints, ReadOtlpJsonLinesOptions {
  /** How to inflate gzip; default the web DecompressionStream (`@whileai/otel/node` passes zlib). */
  gunzip?: Gunzip;
  /** Largest inflated body accepted from gzip, in bytes. Default 256 MiB. */
  maxInflatedBytes?: number;
}

const DEFAULT_MAX_INFLATED = 256 * 1024 * 1024;

/**
 * Decode an OTLP traces body of any kind (an OTLP/HTTP request body, or a whole file) into
 * OTLP/JSON objects, as `rowsFromOtel` reads them: protobuf, JSON, the file exporter's JSON Lines
 * (one object each), and gzip of any of these. The kind comes from `contentType` /
 * `contentEncoding` when given, else from the bytes. Throws `OtlpDecodeError`.
 */
export async function decodeOtlp(bytes: Uint8Array, options: DecodeOtlpOptions = {}): Promise<OtlpTracesJson[]> {
  let body = bytes;
  let kind = sniffOtlpBody(body.subarray(0, 64), options);
  if (kind === "gzip") {
    const max = options.maxInflatedBytes ?? DEFAULT_MAX_INFLATED;
    body = options.gunzip ? await options.gunzip(body) : await gunzipWeb(body, max);
    if (body.length > max) {
      throw new OtlpDecodeError(`gzip: body inflates past the ${max}-byte limit`, { format: "gzip" });
    }
    // The encoding is spent; the type, if any, still holds for the inflated body.
    kind = sniffOtlpBody(body.subarray(0, 64), { contentType: options.contentType });
    if (kind === "gzip") throw new OtlpDecodeError("gzip: body is gzip inside gzip", { format: "gzip" });
  }
  if (kind === "protobuf") return [decodeOtlpProtobuf(body)];
  return decodeOtlpText(utf8(body), options);
}

/**
 * JSON text holding one OTLP object, or JSON Lines holding one per line. The first non-blank
 * line decides: a whole object there means JSON Lines (a one-line JSON file reads the same
 * either way); pretty-printed JSON starts with a line that is not an object on its own.
 */
export async function decodeOtlpText(text: string, options: ReadOtlpJsonLinesOptions = {}): Promise<OtlpTracesJson[]> {
  if (!hasSecondLine(text) || !firstLineIsObject(text)) return [parseOtlpJson(text)];
  const out: OtlpTracesJson[] = [];
  for await (const value of readOtlpJsonLines(text, options)) out.push(value);
  return out;
}

/** Whether the first non-blank line of `text` is a whole JSON value of its own. */
export function firstLineIsObject(text: string): boolean {
  const start = text.search(/\S/);
  if (start < 0) return false;
  const end = text.indexOf("\n", start);
  const line = end < 0 ? text.slice(start) : text.slice(start, end);
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === "object";
  } catch {
    return false;
  }
}

/** A second non-blank line, without which JSON and JSON Lines read alike (skip parsing twice). */
function hasSecondLine(text: string): boolean {
  const start = text.search(/\S/);
  const end = start < 0 ? -1 : text.indexOf("\n", start);
  return end >= 0 && /\S/.test(text.slice(end));
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

function utf8(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes);
  } catch (error) {
    throw new OtlpDecodeError("OTLP JSON: body is not valid UTF-8 text", { format: "json", cause: error });
  }
}
