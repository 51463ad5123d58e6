/**
 * The bytes of a dropped or opened file into trace rows, whatever the export: JSON Lines of rows
 * (plain, `tool_trace`, OpenAI or Anthropic messages), a JSON array of rows, or OpenTelemetry
 * (OTLP JSON, the file exporter's JSON Lines, protobuf), any of them gzipped. The rows come back
 * as the file holds them: the report's label census must see the raw columns.
 */
import { decodeOtlpProtobuf, decodeOtlpText, gunzipWeb, isGzip, rowsFromOtel, sniffOtlpBody, type OtlpTracesJson } from "@whileai/otel";
import { py } from "@whileai/traces";
import { parseJsonl, type InvalidLines } from "./parse-jsonl.js";

export type TraceFileFormat = "jsonl" | "json-array" | "otlp-json" | "otlp-jsonl" | "otlp-protobuf";

export interface TraceFile {
  name: string;
  bytes: number;
  gzip: boolean;
  format: TraceFileFormat;
  /** Rows as read: raw JSONL values, or one row per OpenTelemetry conversation. */
  rows: unknown[];
  /** JSONL lines that were not JSON (skipped, counted). */
  invalid: InvalidLines;
  /** OTLP objects decoded (0 for row files). */
  otlpObjects: number;
}

/** A file the explorer cannot read, with the file's name and what is wrong. */
export class TraceFileError extends Error {
  override readonly name = "TraceFileError";
  constructor(file: string, reason: string, options?: { cause?: unknown }) {
    super(`${file}: ${reason}`, options);
  }
}

const MAX_INFLATED = 512 * 1024 * 1024;
const NO_INVALID: InvalidLines = { count: 0, lines: [] };
const UTF8 = new TextDecoder("utf-8", { fatal: true });

export async function readTraceFile(name: string, data: Uint8Array): Promise<TraceFile> {
  try {
    return await read(name, data);
  } catch (error) {
    if (error instanceof TraceFileError) throw error;
    throw new TraceFileError(name, (error as Error).message, { cause: error });
  }
}

async function read(name: string, data: Uint8Array): Promise<TraceFile> {
  if (data.length === 0) throw new TraceFileError(name, "the file is empty");
  const gzip = isGzip(data);
  const body = gzip ? await gunzipWeb(data, MAX_INFLATED) : data;
  const base = { name, bytes: data.length, gzip, invalid: NO_INVALID, otlpObjects: 0 };
  if (sniffOtlpBody(body.subarray(0, 64)) === "protobuf" && hasControlBytes(body.subarray(0, 64))) {
    // Binary, not text: OTLP protobuf is the one binary export there is.
    return { ...base, format: "otlp-protobuf", rows: rowsFromOtel(decodeOtlpProtobuf(body)), otlpObjects: 1 };
  }
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch (error) {
    throw new TraceFileError(name, "neither UTF-8 text nor OTLP protobuf", { cause: error });
  }
  const lines = nonBlankLines(text, 2);
  if (lines.length === 0) throw new TraceFileError(name, "the file holds no rows (only blank lines)");
  const [first] = lines;
  const firstValue = wholeJson(first);
  const oneObjectALine = firstValue !== null && typeof firstValue === "object";
  if (oneObjectALine ? isOtlpObject(firstValue) : first.trimStart().startsWith("{")) {
    // OTLP: one JSON document, or the collector file exporter's JSON Lines.
    const objects = await decodeOtlpText(text);
    const format = oneObjectALine && lines.length > 1 ? "otlp-jsonl" : "otlp-json";
    return { ...base, format, rows: rowsFromOtel(merge(objects)), otlpObjects: objects.length };
  }
  if (oneObjectALine) {
    const parsed = parseJsonl(text);
    return { ...base, format: "jsonl", rows: parsed.values, invalid: parsed.invalid };
  }
  if (first.trimStart().startsWith("[")) {
    const value = py.pyJsonLoads(text);
    if (!Array.isArray(value)) throw new TraceFileError(name, "a JSON value that is not an array of rows");
    return { ...base, format: "json-array", rows: value };
  }
  throw new TraceFileError(name, "not JSON Lines, a JSON array of rows, or OTLP (JSON or protobuf)");
}

/** Protobuf's tags and short lengths are control bytes; text (even text that is not JSON) has none but tab and line breaks. */
function hasControlBytes(prefix: Uint8Array): boolean {
  for (const b of prefix) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return true;
  return false;
}

/** The line's JSON value when the line is a whole JSON value on its own, else null. */
function wholeJson(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return null;
  }
}

/** Up to `max` non-blank lines from the start of `text`. */
function nonBlankLines(text: string, max: number): string[] {
  const out: string[] = [];
  let at = 0;
  while (out.length < max && at <= text.length) {
    const end = text.slice(at).search(/\r\n|\r|\n/);
    const line = end < 0 ? text.slice(at) : text.slice(at, at + end);
    if (/\S/.test(line)) out.push(line);
    if (end < 0) break;
    at += end + 1;
  }
  return out;
}

/** An OTLP/JSON traces object (current or legacy field names) or a platform-gate span dump. */
function isOtlpObject(value: unknown): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  return "resourceSpans" in value || "resource_spans" in value || "spans" in value;
}

/** Spans written on separate lines still meet in one conversation when read together. */
function merge(objects: OtlpTracesJson[]): OtlpTracesJson {
  return { resourceSpans: objects.flatMap((o) => (o as { resourceSpans?: unknown[] }).resourceSpans ?? []) } as OtlpTracesJson;
}
