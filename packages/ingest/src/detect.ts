/**
 * Telling a source's format from its content. Binary or text from the first bytes; for text,
 * the first record decides: a whole JSON value on the first non-blank line makes JSON Lines,
 * anything else that opens with `[` or `{` is one JSON document.
 */
import * as py from "@whileai/hash-embed/internal";
import type { TraceFormat } from "./formats.js";
import { RECORD_READERS } from "./readers/index.js";
import type { RecordReader } from "./reader.js";
import { csvHeader } from "./tabular/csv-header.js";

/**
 * Text or binary from the first bytes. OTLP protobuf starts with field tags and lengths: control
 * bytes, or bytes past ASCII. JSON text holds no raw control byte but tab, CR and LF, and its first
 * character (after a byte-order mark and white space) is printable ASCII. Only white space so far
 * is text too: JSON may follow a long run of blank lines.
 */
export function contentKind(head: Uint8Array): "empty" | "binary" | "text" {
  if (head.length === 0) return "empty";
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && isSpace(head[i])) i++;
  if (i < head.length && !(head[i] > 0x20 && head[i] < 0x7f)) return "binary";
  for (; i < head.length; i++) if (head[i] < 0x20 && !isSpace(head[i])) return "binary";
  return "text";
}

/**
 * A table format told by its magic bytes: Parquet opens with `PAR1`, an Arrow IPC file (Feather
 * v2) with `ARROW1`, an Arrow IPC stream with the 0xFFFFFFFF continuation marker (OTLP protobuf
 * opens with a field tag, never 0xFF).
 */
export function tableKind(head: Uint8Array): "parquet" | "arrow-file" | "arrow-stream" | undefined {
  const text = String.fromCharCode(...head.subarray(0, 6));
  if (text.startsWith("PAR1")) return "parquet";
  if (text === "ARROW1") return "arrow-file";
  if (head.length >= 8 && head[0] === 0xff && head[1] === 0xff && head[2] === 0xff && head[3] === 0xff) return "arrow-stream";
  return undefined;
}

/** Whether text opens with `{` or `[` (after a byte-order mark and white space), or is only white space so far: JSON, not a table. */
export function opensJson(head: Uint8Array): boolean {
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && isSpace(head[i])) i++;
  return i === head.length || head[i] === 0x7b || head[i] === 0x5b;
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/** What the first record of JSON Lines says the file is, and the reader family when it is one. */
export function classifyRecord(first: unknown): { format: TraceFormat; reader?: RecordReader } {
  if (isOtlpObject(first)) return { format: "otlp-jsonl" };
  if (isSpan(first)) return { format: "spans-jsonl" };
  const reader = RECORD_READERS.find((r) => r.matches(first));
  if (reader) return { format: reader.format, reader };
  return { format: isMessagesRow(first) ? "messages-jsonl" : "rows-jsonl" };
}

/** What a whole JSON document is; a family reader sees an array's first element, or the object itself. */
export function classifyDocument(value: unknown): { format: TraceFormat; reader?: RecordReader } {
  if (isOtlpObject(value) || (py.isDict(value) && Array.isArray(value.spans))) return { format: "otlp-json" };
  if (Array.isArray(value) && value.length > 0 && isSpan(value[0])) return { format: "otlp-json" };
  const probe = Array.isArray(value) ? value[0] : value;
  const reader = probe === undefined ? undefined : RECORD_READERS.find((r) => r.matches(probe));
  if (reader) return { format: reader.format, reader };
  return { format: "rows-json" };
}

/** An OTLP/JSON traces object (current or legacy field names). */
export function isOtlpObject(value: unknown): boolean {
  return py.isDict(value) && (Array.isArray(value.resourceSpans) || Array.isArray(value.resource_spans));
}

function isSpan(value: unknown): boolean {
  return py.isDict(value) && ("spanId" in value || "span_id" in value) && ("traceId" in value || "trace_id" in value);
}

/** A chat-transcript row: `messages` and no steps of its own (those win in the normaliser). */
function isMessagesRow(value: unknown): boolean {
  return py.isDict(value) && Array.isArray(value.messages) && !("steps" in value) && !("tool_trace" in value);
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The format of some content, from as much of it as is given: the whole file, or only its first
 * bytes or lines (then a JSON document that does not parse yet is `"json"`, to be told once
 * whole). `"gzip"` means inflate first; `"unknown"` is no format the front door reads.
 */
export function detectFormat(content: Uint8Array | string): TraceFormat | "gzip" | "json" | "unknown" {
  let text: string;
  if (typeof content === "string") text = content;
  else {
    if (content[0] === 0x1f && content[1] === 0x8b) return "gzip";
    const kind = contentKind(content.subarray(0, 64));
    if (kind === "empty") return "empty";
    const table = tableKind(content);
    if (table) return table;
    if (kind === "binary") return "otlp-protobuf";
    try {
      text = UTF8.decode(content);
    } catch {
      // A cut through a multi-byte character at the end of a prefix is still text.
      text = new TextDecoder().decode(content);
    }
  }
  const start = text.search(/\S/);
  if (start === -1) return "empty";
  const rest = text.slice(start);
  const end = rest.search(/\r\n|\r|\n/);
  const firstLine = (end === -1 ? rest : rest.slice(0, end)).trim();
  const record = parseOr(firstLine);
  if (record !== undefined && py.isDict(record)) return classifyRecord(record).format;
  if (firstLine.startsWith("[") || firstLine.startsWith("{")) {
    const document = parseOr(rest);
    return document === undefined ? "json" : classifyDocument(document).format;
  }
  const csv = csvHeader(firstLine);
  return csv === undefined ? "unknown" : csv.delimiter === "\t" ? "tsv" : "csv";
}

function parseOr(text: string): unknown {
  try {
    return py.pyJsonLoads(text);
  } catch {
    return undefined;
  }
}
