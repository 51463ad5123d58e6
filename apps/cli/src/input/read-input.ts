/**
 * One input (a file or stdin) into canonical trajectory rows, whatever it holds: row JSONL or a
 * JSON array of rows, OpenAI/Anthropic message exports, OTLP JSON / JSON Lines / protobuf, each
 * optionally gzipped. The format is told from the content, never the file name.
 */
import type { OtlpTracesJson } from "@whileai/otel";
import { loadTracesWithReport, py, type TraceRow } from "@whileai/traces";
import { CliError } from "../errors.js";
import { openByteSource, readAll } from "./byte-source.js";
import { isBlank, readLines, type Line } from "./lines.js";

/** @whileai/otel (protobufjs included) loads only when an input is OTLP: row files start faster without it. */
type Otel = typeof import("@whileai/otel");
let otelModule: Promise<Otel> | undefined;
function loadOtel(): Promise<Otel> {
  otelModule ??= import("@whileai/otel");
  return otelModule;
}

/** By name, so the check needs no loaded @whileai/otel. */
function isOtlpDecodeError(error: unknown): error is Error & { line?: number; column?: number } {
  return error instanceof Error && error.name === "OtlpDecodeError";
}

export type InputFormat = "rows-jsonl" | "messages-jsonl" | "rows-json" | "otlp-json" | "otlp-jsonl" | "otlp-protobuf" | "empty";

/** Line numbers listed in `invalid_lines`; the count in `dropped.invalid_lines` is always complete. */
export const INVALID_LINES_LISTED = 20;

/** What one input gave and what it lost, and why. Keys are stable: they appear in `--json` output. */
export interface InputReport {
  input: string;
  format: InputFormat;
  gzip: boolean;
  /** Rows kept. */
  rows: number;
  dropped: {
    /** JSON Lines that were not JSON (only counted with `onInvalid: "skip"`; otherwise they stop the read). */
    invalid_lines: number;
    /** Values that were not JSON objects. */
    not_object: number;
    /** Objects with neither a prompt nor a step to read. */
    no_signal: number;
  };
  /** The first INVALID_LINES_LISTED skipped line numbers. */
  invalid_lines: number[];
}

export interface ReadInputOptions {
  /** Label column(s) for rows, tried in order (default `reward`). */
  rewardKey?: string[];
  /** A bar for numeric labels: `value >= threshold` reads as 1. */
  threshold?: number;
  /** `"throw"` (default) stops at the first line that is not JSON, naming it; `"skip"` counts it and goes on. */
  onInvalid?: "throw" | "skip";
  signal?: AbortSignal;
  /**
   * Give the values as read (OTLP already assembled into rows) instead of canonical rows, for
   * analyses that must see the raw labels (`traceReport`'s label census). Dropped rows are still counted.
   */
  raw?: boolean;
}

/** Rows are loaded and handed on this many at a time, so a huge JSONL file streams through. */
const BATCH_ROWS = 1024;

/** Receives the rows of one input in order, a batch at a time; the read waits for it. */
export type RowBatchSink = (rows: TraceRow[]) => void | Promise<void>;

/** All rows of one input, and its report. */
export async function readInput(path: string, options: ReadInputOptions = {}): Promise<{ rows: TraceRow[]; report: InputReport }> {
  const rows: TraceRow[] = [];
  const report = await streamInput(path, options, (batch) => {
    for (const row of batch) rows.push(row);
  });
  return { rows, report };
}

/**
 * The rows of one input handed to `sink` in batches as they are read, so row JSON Lines of any
 * size stream in bounded memory (OTLP and whole JSON documents are assembled first by nature).
 */
export async function streamInput(path: string, options: ReadInputOptions, sink: RowBatchSink): Promise<InputReport> {
  const source = await openByteSource(path, options.signal);
  const report: InputReport = {
    input: source.name,
    format: "empty",
    gzip: source.gzip,
    rows: 0,
    dropped: { invalid_lines: 0, not_object: 0, no_signal: 0 },
    invalid_lines: [],
  };
  const kind = contentKind(source.head);
  let values: Iterable<unknown> | AsyncIterable<unknown>;
  if (kind === "empty") values = [];
  else if (kind === "binary") {
    report.format = "otlp-protobuf";
    const otel = await loadOtel();
    values = otelRows(otel, [decodeProtobuf(otel, await readAll(source.chunks), source.name)]);
  } else values = await readText(source.name, readLines(source.chunks), report, options);

  // Loading batch by batch gives what one load of all rows gives: each row is canonicalised on its own.
  const loadOptions = { rewardKey: options.rewardKey, threshold: options.threshold };
  let batch: unknown[] = [];
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const loaded = loadTracesWithReport(batch, loadOptions);
    report.rows += loaded.rows.length;
    report.dropped.not_object += loaded.dropped.not_object;
    report.dropped.no_signal += loaded.dropped.no_signal;
    const raw = batch;
    batch = [];
    await sink(options.raw ? (raw as TraceRow[]) : loaded.rows);
  };
  for await (const value of values) {
    batch.push(value);
    if (batch.length === BATCH_ROWS) await flush();
  }
  await flush();
  return report;
}

/**
 * Text or binary from the first bytes. OTLP protobuf starts with field tags and lengths: control
 * bytes, or bytes past ASCII. JSON text holds no raw control byte but tab, CR and LF, and its first
 * character (after a byte-order mark and white space) is printable ASCII. Only white space so far
 * is text too: JSON may follow a long run of blank lines.
 */
function contentKind(head: Uint8Array): "empty" | "binary" | "text" {
  if (head.length === 0) return "empty";
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && isSpace(head[i])) i++;
  if (i < head.length && !(head[i] > 0x20 && head[i] < 0x7f)) return "binary";
  for (; i < head.length; i++) if (head[i] < 0x20 && !isSpace(head[i])) return "binary";
  return "text";
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function decodeProtobuf(otel: Otel, bytes: Uint8Array, name: string): OtlpTracesJson {
  try {
    return otel.decodeOtlpProtobuf(bytes);
  } catch (error) {
    if (isOtlpDecodeError(error)) {
      throw new CliError(`${name}: not JSON text, and not OTLP protobuf either (${error.message})`, { cause: error });
    }
    throw error;
  }
}

/** OTLP objects (several for JSON Lines) into rows: spans are grouped across all of them, as one export. */
function otelRows(otel: Otel, objects: OtlpTracesJson[]): unknown[] {
  const resourceSpans = objects.flatMap((object) => {
    const spans = (object as { resourceSpans?: unknown }).resourceSpans;
    return Array.isArray(spans) ? spans : [];
  });
  return otel.rowsFromOtel(objects.length === 1 ? objects[0] : { resourceSpans });
}

/**
 * JSON text: a whole document (a JSON array, a pretty-printed object) or JSON Lines (the first
 * non-blank line is a whole object). Returns the values to load, streaming for row JSON Lines.
 */
async function readText(
  name: string,
  lines: AsyncGenerator<Line>,
  report: InputReport,
  options: ReadInputOptions,
): Promise<Iterable<unknown> | AsyncIterable<unknown>> {
  const leading: Line[] = [];
  let first: Line | undefined;
  // next() by hand: breaking out of a for-await would close the generator the rest is read from.
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const line = next.value;
    leading.push(line);
    if (line.text === undefined) throw new CliError(`${name}:${line.number}: not valid UTF-8 text`);
    if (!isBlank(line.text)) {
      first = line;
      break;
    }
  }
  if (first === undefined) return [];
  const text = (first.text as string).trim();
  if (text.startsWith("[") || (text.startsWith("{") && !text.endsWith("}"))) {
    const whole = [...leading.map((line) => line.text)];
    for await (const line of lines) {
      if (line.text === undefined) throw new CliError(`${name}:${line.number}: not valid UTF-8 text`);
      whole.push(line.text);
    }
    return await readDocument(name, whole.join("\n"), report);
  }
  if (!text.startsWith("{")) {
    throw new CliError(`${name}:${first.number}: not JSON, JSON Lines or OTLP protobuf (the line starts with ${JSON.stringify(text.slice(0, 20))})`);
  }
  if (text.includes('"resourceSpans"')) {
    report.format = "otlp-jsonl";
    const otel = await loadOtel();
    const objects: OtlpTracesJson[] = [];
    for await (const line of replay(first, lines)) {
      const value = parseLine(name, line, report, options, (t) => otel.parseOtlpJson(t, { line: line.number }));
      if (value !== skipped) objects.push(value as OtlpTracesJson);
    }
    return otelRows(otel, objects);
  }
  report.format = looksLikeMessages(text) ? "messages-jsonl" : "rows-jsonl";
  return rowValues(name, replay(first, lines), report, options);
}

/** A whole JSON document: an OTLP export, a platform-gate `{spans}` dump, span or row arrays, or one row. */
async function readDocument(name: string, text: string, report: InputReport): Promise<unknown[]> {
  if (text.includes('"resourceSpans"')) {
    report.format = "otlp-json";
    const otel = await loadOtel();
    return otelRows(otel, [wrapDecode(name, text, () => otel.parseOtlpJson(text))]);
  }
  const value = wrapDecode(name, text, () => py.pyJsonLoads(text));
  if (py.isDict(value) && Array.isArray(value.spans)) {
    report.format = "otlp-json";
    return otelRows(await loadOtel(), [value as OtlpTracesJson]);
  }
  if (Array.isArray(value) && value.length > 0 && isSpan(value[0])) {
    report.format = "otlp-json";
    return (await loadOtel()).rowsFromOtel(value);
  }
  report.format = "rows-json";
  // One object is one row here (Python's load_traces would read a dict's keys, i.e. nothing).
  return Array.isArray(value) ? value : [value];
}

function isSpan(value: unknown): boolean {
  return py.isDict(value) && ("spanId" in value || "span_id" in value) && ("traceId" in value || "trace_id" in value);
}

function looksLikeMessages(firstLine: string): boolean {
  return firstLine.includes('"messages"') && !firstLine.includes('"steps"') && !firstLine.includes('"tool_trace"');
}

const skipped: unique symbol = Symbol("skipped");

async function* rowValues(name: string, lines: AsyncIterable<Line>, report: InputReport, options: ReadInputOptions): AsyncGenerator<unknown> {
  for await (const line of lines) {
    const value = parseLine(name, line, report, options, py.pyJsonLoads);
    if (value !== skipped) yield value;
  }
}

/** One JSON Line parsed, `skipped` for a blank line or a bad one under `onInvalid: "skip"`. */
function parseLine(name: string, line: Line, report: InputReport, options: ReadInputOptions, parse: (text: string) => unknown): unknown {
  let problem: string;
  let where = `${line.number}`;
  if (line.text === undefined) problem = "not valid UTF-8 text";
  else if (isBlank(line.text)) return skipped;
  else {
    try {
      return parse(line.text);
    } catch (error) {
      if (!(error instanceof Error) || !(error.name === "PyJsonError" || isOtlpDecodeError(error))) throw error;
      const column = isOtlpDecodeError(error) ? error.column : jsonErrorColumn(error.message);
      if (column !== undefined) where += `:${column}`;
      const message = error.message.replace(/^OTLP JSON(?: Lines)?: (?:line \d+(?: column \d+)?: )?/, "").replace(/ in JSON at position \d+.*$/, "");
      problem = `invalid JSON (${message})`;
    }
  }
  if (options.onInvalid !== "skip") throw new CliError(`${name}:${where}: ${problem}`);
  report.dropped.invalid_lines++;
  if (report.invalid_lines.length < INVALID_LINES_LISTED) report.invalid_lines.push(line.number);
  return skipped;
}

async function* replay(first: Line, rest: AsyncIterable<Line>): AsyncGenerator<Line> {
  yield first;
  yield* rest;
}

/** A whole document's parse error, at `file:line:column` when the parser gave a position. */
function wrapDecode<T>(name: string, text: string, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    if (error instanceof Error && (error.name === "PyJsonError" || isOtlpDecodeError(error))) {
      const message = error.message.replace(/^OTLP JSON: /, "");
      if (isOtlpDecodeError(error) && error.line !== undefined) {
        const where = error.column === undefined ? `${error.line}` : `${error.line}:${error.column}`;
        throw new CliError(`${name}:${where}: invalid JSON (${message.replace(/^line \d+(?: column \d+)?: /, "")})`, { cause: error });
      }
      const position = / at position (\d+)/.exec(message);
      if (position === null) throw new CliError(`${name}: invalid JSON (${message})`, { cause: error });
      const { line, column } = lineColumn(text, Number(position[1]));
      throw new CliError(`${name}:${line}:${column}: invalid JSON (${message.replace(/ in JSON at position \d+.*$/, "")})`, { cause: error });
    }
    throw error;
  }
}

/** JSON.parse reports a character offset; people read columns (1-based). */
function jsonErrorColumn(message: string): number | undefined {
  const position = / at position (\d+)/.exec(message);
  return position === null ? undefined : Number(position[1]) + 1;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}
