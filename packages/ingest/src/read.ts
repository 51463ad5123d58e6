/**
 * The front door: the bytes of any trace export into canonical rows, with a report of what was
 * read and what was lost. Row JSON Lines stream through in batches (bounded memory); formats
 * whose conversations span many records (OTLP, session transcripts) are grouped whole first.
 */
import type { OtelSpanSummary, OtlpDecodeError, OtlpTracesJson } from "@whileai/otel";
import * as py from "@whileai/hash-embed/internal";
import type { LoadOptions, TraceRow } from "@whileai/traces";
import { isBlankLine, readLines, rowLoader, type Line, type RowLoaderHandle } from "@whileai/traces/internal";
import { bytesAccess, failRead, openBytes, randomAccess, readAll, type RandomAccessBytes, type TraceBytes } from "./bytes.js";
import { classifyDocument, classifyRecord, contentKind, opensJson, tableKind } from "./detect.js";
import { notATrace, TraceReadError } from "./errors.js";
import { PyJsonError } from "@whileai/traces";
import type { RecordReader, SourceRecord } from "./reader.js";
import type { TableContext } from "./tabular/table-source.js";
import { addInvalidLine, addProblem, emptyReport, halfRead, NO_SIGNAL, NOT_OBJECT, noteDrop, type SourceReport } from "./report.js";

export interface ReadTracesOptions {
  /** How the source is named in errors and the report (default `"input"`). */
  name?: string;
  /** Label column(s) for rows, tried in order (default `reward`). */
  rewardKey?: LoadOptions["rewardKey"];
  /** A bar for numeric labels: `value >= threshold` reads as 1. */
  threshold?: number;
  /**
   * `"throw"` (default) stops at the first record that cannot be read, naming it: a line that is
   * not JSON, a CSV line with the wrong number of fields, a Parquet row group that does not
   * decode. `"skip"` counts it in the report and reads on.
   */
  onInvalid?: "throw" | "skip";
  /**
   * Give the values as read (OTLP and session files already assembled into rows) instead of
   * canonical rows, for analyses that must see raw labels. Dropped rows are still counted.
   */
  raw?: boolean;
  signal?: AbortSignal;
  /** A gzip source may inflate to at most this many bytes (default: no limit; the read streams). */
  maxInflatedBytes?: number;
  /**
   * Also keep each OpenTelemetry conversation's spans (`rowsWithSpans` of @whileai/otel), given
   * as `spans` by conversation id; rows stay exactly as without it. Other formats give none.
   */
  spans?: boolean;
}

/** An OpenTelemetry row's spans, under the row's `conversation_id`. */
export type SpansByConversation = Map<string, OtelSpanSummary[]>;

/** Receives the rows of a source in order, a batch at a time; the read waits for it. */
export type RowBatchSink = (rows: TraceRow[]) => void | Promise<void>;

/** Rows are loaded and handed on this many at a time, so a huge JSON Lines file streams through. */
const BATCH_ROWS = 1024;

/** @whileai/otel (protobufjs included) loads only when a source is OpenTelemetry: row files start faster. */
type Otel = typeof import("@whileai/otel");
let otelModule: Promise<Otel> | undefined;
let otelLoaded: Otel | undefined;
function loadOtel(): Promise<Otel> {
  otelModule ??= import("@whileai/otel").then((otel) => (otelLoaded = otel));
  return otelModule;
}

/** Asked without loading @whileai/otel: until it is loaded, none of its decoders can have thrown. */
function isOtlpDecodeError(error: unknown): error is OtlpDecodeError {
  return otelLoaded?.OtlpDecodeError.isInstance(error) === true;
}

/** How a source's tables are read where the default will not do: the Node entry reads a Parquet file in a worker thread. */
export interface TableReaders {
  parquet?: (access: RandomAccessBytes, table: TableContext) => Promise<void>;
}

/** All rows of one source, and its report. */
export function readTraces(source: TraceBytes, options: ReadTracesOptions = {}): Promise<{ rows: TraceRow[]; report: SourceReport; spans?: SpansByConversation }> {
  return readSource(source, options, {});
}

/** The rows of one source handed to `sink` in batches as they are read; resolves to its report. */
export function streamTraces(source: TraceBytes, options: ReadTracesOptions, sink: RowBatchSink): Promise<SourceReport> {
  return streamSource(source, options, {}, sink);
}

/** `readTraces`, its tables read by `readers`. */
export async function readSource(source: TraceBytes, options: ReadTracesOptions, readers: TableReaders): Promise<{ rows: TraceRow[]; report: SourceReport; spans?: SpansByConversation }> {
  const rows: TraceRow[] = [];
  const spans: SpansByConversation | undefined = options.spans === true ? new Map() : undefined;
  const report = await streamSource(source, options, readers, (batch) => {
    // push one by one: spreading a million rows into push() overflows the call stack.
    for (const row of batch) rows.push(row);
  }, spans);
  return spans === undefined ? { rows, report } : { rows, report, spans };
}

/** `streamTraces`, its tables read by `readers`. */
export async function streamSource(source: TraceBytes, options: ReadTracesOptions, readers: TableReaders, sink: RowBatchSink, spans?: SpansByConversation): Promise<SourceReport> {
  const name = options.name ?? "input";
  const report = emptyReport(name);
  const rows = new RowBatcher(options, report, sink, spans);
  const table = tableContext(name, report, options, rows);
  // Parquet is read footer first, a row group at a time: a file, Blob or buffer is read where it lies.
  const access = randomAccess(source);
  const kindAtStart = access && tableKind(new Uint8Array(await Promise.resolve(access.slice(0, Math.min(8, access.byteLength))).catch((error: unknown) => failRead(error, name))));
  if (access && kindAtStart) await readTable(kindAtStart, access, table, readers);
  else {
    const bytes = await openBytes(source, name, options.maxInflatedBytes ?? Number.POSITIVE_INFINITY);
    report.gzip = bytes.gzip;
    const kind = contentKind(bytes.head);
    const tableInStream = kind === "binary" ? tableKind(bytes.head) : undefined;
    if (tableInStream) {
      // A stream (stdin, a gzipped file) has no offsets to read at: its table is held whole.
      await readTable(tableInStream, bytesAccess(await readAll(bytes.chunks)), table, {});
    } else if (kind === "binary") {
      report.format = "otlp-protobuf";
      const otel = await loadOtel();
      const message = decodeProtobuf(otel, await readAll(bytes.chunks), name);
      report.records = 1;
      await rows.pushAll(otelRows(otel, message, rows.spans));
    } else if (kind === "text" && !opensJson(bytes.head)) {
      const { readCsv } = await import("./tabular/csv.js");
      await readCsv(bytes.chunks, table);
    } else if (kind === "text") {
      await readText(name, readLines(bytes.chunks), report, options, rows);
    }
  }
  await rows.flush();
  options.signal?.throwIfAborted();
  // Readers meet problems in their grouping order; people read them in file order.
  report.problems.sort((a, b) => (a.line ?? a.record ?? Infinity) - (b.line ?? b.record ?? Infinity));
  return report;
}

function tableContext(name: string, report: SourceReport, options: ReadTracesOptions, rows: RowBatcher): TableContext {
  return { name, report, onInvalid: options.onInvalid ?? "throw", signal: options.signal, push: (value, at) => rows.push(value, at.line, at.record) };
}

/** A Parquet or Arrow source; the readers load on demand, so JSON users never download them. */
async function readTable(kind: "parquet" | "arrow-file" | "arrow-stream", access: RandomAccessBytes, table: TableContext, readers: TableReaders): Promise<void> {
  table.report.format = kind;
  if (kind === "parquet") {
    const readParquet = readers.parquet ?? (await import("./tabular/parquet.js")).readParquet;
    await readParquet(access, table);
    return;
  }
  const { readArrow } = await import("./tabular/arrow.js");
  const bytes = await Promise.resolve(access.slice(0, access.byteLength)).catch((error: unknown) => failRead(error, table.name));
  await readArrow(new Uint8Array(bytes), table);
}

/**
 * Canonicalises values one by one (so a dropped row is reported with its line) and hands them on
 * in batches, so the sink sees a stream however large the source.
 */
class RowBatcher {
  private batch: TraceRow[] = [];
  private readonly loader: RowLoaderHandle;
  /** What the normaliser could not read of the row being loaded. */
  private unread: string[] = [];
  constructor(
    private readonly options: ReadTracesOptions,
    private readonly report: SourceReport,
    private readonly sink: RowBatchSink,
    /** Where OpenTelemetry rows' spans go when the caller asked for them. */
    readonly spans?: SpansByConversation,
  ) {
    this.loader = rowLoader({ rewardKey: options.rewardKey, threshold: options.threshold }, (reason) => this.unread.push(reason));
  }

  /**
   * One row value, with its record's `line` (JSON Lines) or `record` (place in a JSON document)
   * when the row is one record. Synchronous but for a full batch, whose hand-off it returns: a
   * promise per row would be most of the cost of reading a large file.
   */
  push(value: unknown, line?: number, record?: number): Promise<void> | undefined {
    const { not_object, no_signal } = this.loader.dropped;
    if (this.unread.length > 0) this.unread = [];
    const row = this.loader.load(value);
    const where = (): { line?: number; record?: number } => (line !== undefined ? { line } : record !== undefined ? { record } : {});
    if (row !== null && this.unread.length > 0) halfRead(this.report, this.unread.map((reason) => ({ kind: "half_read", reason, ...where() })));
    if (row === null) {
      const reason = this.loader.dropped.not_object > not_object ? NOT_OBJECT : this.loader.dropped.no_signal > no_signal ? NO_SIGNAL : "dropped";
      this.report.dropped.not_object = this.loader.dropped.not_object;
      this.report.dropped.no_signal = this.loader.dropped.no_signal;
      noteDrop(this.report, { kind: "dropped", reason, ...where() });
      if (!this.options.raw) return undefined;
    } else this.report.rows++;
    this.batch.push(row === null || this.options.raw ? (value as TraceRow) : row);
    return this.batch.length === BATCH_ROWS ? this.flush() : undefined;
  }

  /** Every value of `values`, in order. */
  async pushAll(values: Iterable<unknown>): Promise<void> {
    for (const value of values) await this.push(value);
  }

  async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    this.options.signal?.throwIfAborted();
    const batch = this.batch;
    this.batch = [];
    await this.sink(batch);
  }
}

/** A source's OpenTelemetry rows; with `spans`, each row's spans kept under its conversation id. */
function otelRows(otel: Otel, source: unknown, spans: SpansByConversation | undefined): unknown[] {
  if (spans === undefined) return otel.rowsFromOtel(source);
  return otel.rowsWithSpans(source).map(({ row, spans: own }) => {
    spans.set(row.conversation_id, own);
    return row;
  });
}

function decodeProtobuf(otel: Otel, bytes: Uint8Array, name: string): OtlpTracesJson {
  try {
    return otel.decodeOtlpProtobuf(bytes);
  } catch (error) {
    if (otel.OtlpDecodeError.isInstance(error)) {
      throw new TraceReadError(name, `not JSON text, and not OTLP protobuf either (${error.message})`, { cause: error });
    }
    throw error;
  }
}

/** JSON text: one document (a JSON array, a pretty-printed object) or JSON Lines. */
async function readText(name: string, lines: AsyncGenerator<Line, number>, report: SourceReport, options: ReadTracesOptions, rows: RowBatcher): Promise<void> {
  const leading: Line[] = [];
  let first: Line | undefined;
  // next() by hand: breaking out of a for-await would close the generator the rest is read from.
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const line = next.value;
    leading.push(line);
    if (line.text === undefined) throw new TraceReadError(name, "not valid UTF-8 text", { line: line.number });
    if (!isBlankLine(line.text)) {
      first = line;
      break;
    }
  }
  if (first === undefined) return;
  const text = (first.text as string).trim();
  const firstValue = text.startsWith("{") ? wholeJson(text) : undefined;
  // A first line that closes but does not parse is a bad JSON Line (skippable), not a document.
  if (text.startsWith("[") || (text.startsWith("{") && !py.isDict(firstValue) && !text.endsWith("}"))) {
    const whole = leading.map((line) => line.text as string);
    for await (const line of lines) {
      if (line.text === undefined) throw new TraceReadError(name, "not valid UTF-8 text", { line: line.number });
      whole.push(line.text);
    }
    await readDocument(name, whole.join("\n"), report, rows);
    return;
  }
  if (!text.startsWith("{")) {
    throw new TraceReadError(name, notATrace(text), { line: first.number });
  }
  const { format, reader } = classifyRecord(firstValue);
  report.format = format;
  if (format === "otlp-jsonl") {
    const otel = await loadOtel();
    const objects: OtlpTracesJson[] = [];
    const parse = (line: Line) => (t: string) => otel.parseOtlpJson(t, { line: line.number });
    await eachLine(name, first, lines, report, options, parse, (value) => {
      objects.push(value as OtlpTracesJson);
    });
    report.records = objects.length;
    if (objects.length === 1) report.format = "otlp-json";
    await rows.pushAll(otelRows(otel, mergeExports(objects), rows.spans));
    return;
  }
  if (format === "spans-jsonl" || reader !== undefined) {
    const records: SourceRecord[] = [];
    await eachLine(name, first, lines, report, options, () => py.pyJsonLoads, (value, line) => {
      records.push({ value, line });
    });
    report.records = records.length;
    await rows.pushAll(reader ? readFamily(reader, records, report) : otelRows(await loadOtel(), records.map((r) => r.value), rows.spans));
    return;
  }
  await eachLine(name, first, lines, report, options, () => py.pyJsonLoads, (value, line) => {
    report.records++;
    return rows.push(value, line);
  });
}

/**
 * Hands every JSON Line's value, the first line's included, to `each` with its line number,
 * skipping blank lines (and bad ones under `onInvalid: "skip"`). `each` may return a promise to
 * wait for; most lines return none, so most lines cost no await.
 */
async function eachLine(
  name: string,
  first: Line,
  rest: AsyncGenerator<Line, number>,
  report: SourceReport,
  options: ReadTracesOptions,
  parserFor: (line: Line) => (text: string) => unknown,
  each: (value: unknown, line: number) => Promise<void> | void,
): Promise<void> {
  const handle = (line: Line): Promise<void> | void => {
    const value = parseLine(name, line, report, options, parserFor(line));
    return value === skipped ? undefined : each(value, line.number);
  };
  const pending = handle(first);
  if (pending) await pending;
  for await (const line of rest) {
    const wait = handle(line);
    if (wait) await wait;
  }
}

/** A family's rows; in a JSON document a record's "line" is its place, reported as `record`. */
function readFamily(reader: RecordReader, records: readonly SourceRecord[], report: SourceReport, document = false): unknown[] {
  return reader.read(records, ({ line, ...problem }) => addProblem(report, line === undefined ? problem : document ? { ...problem, record: line } : { ...problem, line }));
}

/** A whole JSON document: an OTLP export, a `{spans}` dump or span array, a family's document, or rows. */
async function readDocument(name: string, text: string, report: SourceReport, rows: RowBatcher): Promise<void> {
  if (text.includes('"resourceSpans"') || text.includes('"resource_spans"')) {
    const otel = await loadOtel();
    const decoded = wrapDecode(name, text, () => otel.parseOtlpJson(text));
    report.format = "otlp-json";
    report.records = 1;
    await rows.pushAll(otelRows(otel, decoded, rows.spans));
    return;
  }
  const value = wrapDecode(name, text, () => py.pyJsonLoads(text));
  const { format, reader } = classifyDocument(value);
  report.format = format;
  const elements = Array.isArray(value) ? value : [value];
  report.records = elements.length;
  if (format === "otlp-json") {
    await rows.pushAll(otelRows(await loadOtel(), value, rows.spans));
    return;
  }
  if (reader) {
    await rows.pushAll(readFamily(reader, elements.map((element, i) => ({ value: element, line: i + 1 })), report, true));
    return;
  }
  // One object is one row here (Python's load_traces would read a dict's keys, i.e. nothing).
  for (let i = 0; i < elements.length; i++) {
    const full = rows.push(elements[i], undefined, i + 1);
    if (full) await full;
  }
}

/** Spans written on separate lines still meet in one conversation when read together. */
function mergeExports(objects: OtlpTracesJson[]): OtlpTracesJson {
  if (objects.length === 1) return objects[0];
  return { resourceSpans: objects.flatMap((o) => (o as { resourceSpans?: unknown[] }).resourceSpans ?? []) } as OtlpTracesJson;
}

/** The line's value when it is one whole JSON value, else undefined. */
function wholeJson(text: string): unknown {
  try {
    return py.pyJsonLoads(text);
  } catch {
    return undefined;
  }
}

const skipped: unique symbol = Symbol("skipped");

/** One JSON Line parsed; `skipped` for a blank line or a bad one under `onInvalid: "skip"`. */
function parseLine(name: string, line: Line, report: SourceReport, options: ReadTracesOptions, parse: (text: string) => unknown): unknown {
  let problem: string;
  let column: number | undefined;
  if (line.text === undefined) problem = "not valid UTF-8 text";
  else if (isBlankLine(line.text)) return skipped;
  else {
    try {
      return parse(line.text);
    } catch (error) {
      if (!isParseError(error)) throw error;
      column = isOtlpDecodeError(error) ? error.column : jsonErrorColumn(error.message);
      problem = `invalid JSON (${cleanParseMessage(error.message)})`;
    }
  }
  if (options.onInvalid !== "skip") throw new TraceReadError(name, problem, { line: line.number, column });
  addInvalidLine(report, line.number, problem);
  return skipped;
}

function isParseError(error: unknown): error is PyJsonError | OtlpDecodeError {
  return PyJsonError.isInstance(error) || isOtlpDecodeError(error);
}

function cleanParseMessage(message: string): string {
  // V8 quotes the text around a bad token (lines of it, in a document); the position says where.
  return message
    .replace(/^OTLP JSON(?: Lines)?: (?:line \d+(?: column \d+)?: )?/, "")
    .replace(/ in JSON at position \d+.*$/s, "")
    .replace(/, "[\s\S]*" is not valid JSON$/, "");
}


/** A whole document's parse error, at `source:line:column` when the parser gave a position. */
function wrapDecode<T>(name: string, text: string, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    if (!isParseError(error)) throw error;
    const message = cleanParseMessage(error.message);
    if (isOtlpDecodeError(error) && error.line !== undefined) {
      throw new TraceReadError(name, `invalid JSON (${message})`, { line: error.line, column: error.column, cause: error });
    }
    const position = / at position (\d+)/.exec(error.message);
    if (position === null) throw new TraceReadError(name, `invalid JSON (${message})`, { cause: error });
    const { line, column } = lineColumn(text, Number(position[1]));
    throw new TraceReadError(name, `invalid JSON (${message})`, { line, column, cause: error });
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
