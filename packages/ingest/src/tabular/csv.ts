/**
 * CSV and TSV through papaparse (7 KB gzipped, browser and Node). The text is cut into batches at
 * record ends (a newline outside quotes), so a large file streams; each batch is parsed whole and
 * every record is named by the line it starts on. The header names the columns; each column's
 * type is told from the first batch: JSON text (a `steps` or `messages` column) is decoded to
 * values (with null fields as absent keys, as a table's structs are read), numbers and booleans
 * read as such, everything else stays text. An empty cell is an absent key, as pandas and
 * Hugging Face `datasets` read it (a missing value).
 */
import type { ParseStepResult } from "papaparse";
import * as py from "@whileai/hash-embed/internal";
import { notATrace, TraceReadError } from "../errors.js";
import { addUnreadable, WRONG_FIELD_COUNT, BAD_QUOTES } from "../report.js";
import { csvHeader } from "./csv-header.js";
import type { TableContext } from "./table-source.js";
import { jsonValue } from "./values.js";

/** A batch is cut at the first record end past this many characters. */
const BATCH_CHARS = 1 << 20;

type Kind = "json" | "number" | "boolean" | "scalar" | "text";

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const BOOLEANS: Record<string, boolean> = { true: true, True: true, TRUE: true, false: false, False: false, FALSE: false };

function cellKind(cell: string): Kind {
  if (NUMBER.test(cell)) return "number";
  if (cell in BOOLEANS) return "boolean";
  const first = cell.trimStart()[0];
  if ((first === "[" || first === "{") && jsonOf(cell) !== undefined) return "json";
  return "text";
}

function jsonOf(cell: string): unknown {
  try {
    const value = py.pyJsonLoads(cell);
    return typeof value === "object" && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A cell as its column reads it; a cell that does not fit its column's type stays text. */
function cellValue(cell: string, kind: Kind): unknown {
  if (cell === "") return null;
  if ((kind === "number" || kind === "scalar") && NUMBER.test(cell)) {
    const number = Number(cell);
    // An integer past 2^53 keeps its digits rather than rounding.
    return /^[+-]?\d+$/.test(cell) && !Number.isSafeInteger(number) ? cell : number;
  }
  if ((kind === "boolean" || kind === "scalar") && cell in BOOLEANS) return BOOLEANS[cell];
  if (kind === "json") {
    const value = jsonOf(cell);
    // JSON text of a table's struct holds every field; a null one is an absent key, as in Parquet.
    return value === undefined ? cell : jsonValue(value);
  }
  return cell;
}

/**
 * Each column's kind: the one kind all its non-empty cells share, else text. Numbers and booleans
 * together make a `scalar` column, each cell read as what it is: a label column often mixes 1/0
 * with true/false, and reading it as text would leave those rows unlabelled.
 */
function columnKinds(width: number, records: readonly string[][]): Kind[] {
  const kinds: (Kind | undefined)[] = new Array(width).fill(undefined);
  for (const record of records) {
    for (let c = 0; c < width && c < record.length; c++) {
      if (record[c] === "" || kinds[c] === "text") continue;
      const kind = cellKind(record[c]);
      const was = kinds[c];
      if (was === undefined || was === kind) kinds[c] = kind;
      else kinds[c] = SCALARS.has(was) && SCALARS.has(kind) ? "scalar" : "text";
    }
  }
  return kinds.map((kind) => kind ?? "text");
}

const SCALARS = new Set<Kind>(["number", "boolean", "scalar"]);

interface Parsed {
  fields: string[];
  line: number;
  error?: string;
}

export async function readCsv(chunks: AsyncIterable<Uint8Array>, ctx: TableContext): Promise<void> {
  const { default: Papa } = await import("papaparse");
  let delimiter: "," | "\t" | undefined;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let header: string[] | undefined;
  let kinds: Kind[] | undefined;
  let pending = "";
  let line = 1; // the line `pending` starts on
  let scanned = 0; // characters of `pending` already scanned for record ends
  let quotes = 0; // quote characters in pending[0, scanned): odd means inside a quoted field
  let cut = 0; // the last record end found in pending

  const parse = (text: string, firstLine: number): Parsed[] => {
    const out: Parsed[] = [];
    let cursor = 0;
    let at = firstLine;
    let counted = 0;
    const lineOf = (offset: number): number => {
      for (; counted < offset; counted++) if (endsLine(text, counted)) at++;
      return at;
    };
    Papa.parse<string[]>(text, {
      delimiter,
      skipEmptyLines: "greedy",
      step: (result: ParseStepResult<string[]>) => {
        let start = cursor;
        // Blank lines before a record are skipped by the parser; the record starts after them.
        while (start < text.length && isWhite(text.charCodeAt(start))) start++;
        cursor = result.meta.cursor;
        const error = result.errors[0];
        out.push({ fields: result.data, line: lineOf(start), ...(error && { error: `${error.code}: ${error.message}` }) });
      },
    });
    return out;
  };

  const take = async (records: Parsed[]): Promise<void> => {
    let body = records;
    if (header === undefined) {
      if (records.length === 0) return;
      const first = records[0];
      if (first.error) throw new TraceReadError(ctx.name, `CSV header: ${first.error}`, { line: first.line });
      header = first.fields.map((name, i) => name.trim() || `column_${i + 1}`);
      const repeated = header.find((name, i) => header!.indexOf(name) !== i);
      if (repeated !== undefined) throw new TraceReadError(ctx.name, `CSV header names the column ${JSON.stringify(repeated)} twice`, { line: first.line });
      body = records.slice(1);
    }
    if (kinds === undefined && body.length > 0) kinds = columnKinds(header.length, body.map((r) => r.fields));
    for (const record of body) {
      const problem = record.error ?? (record.fields.length !== header.length ? `${record.fields.length} fields where the header has ${header.length}` : undefined);
      ctx.report.records++;
      if (problem !== undefined) {
        if (record.error?.startsWith("MissingQuotes")) {
          throw new TraceReadError(ctx.name, `a quoted field opened here is never closed: the rest of the file is inside it`, { line: record.line });
        }
        if (ctx.onInvalid !== "skip") throw new TraceReadError(ctx.name, problem, { line: record.line });
        addUnreadable(ctx.report, 1, { kind: "dropped", reason: record.error ? BAD_QUOTES : WRONG_FIELD_COUNT, line: record.line, detail: problem });
        continue;
      }
      const row: Record<string, unknown> = {};
      for (let c = 0; c < header.length; c++) {
        const value = cellValue(record.fields[c], kinds![c]);
        if (value !== null) row[header[c]] = value;
      }
      const wait = ctx.push(row, { line: record.line });
      if (wait) await wait;
    }
  };

  /** The delimiter, from the first non-blank line; a first line that is no header is no CSV. */
  const decide = (): void => {
    const lines = pending.split(/\r\n|\r|\n/);
    const index = lines.findIndex((text) => text.trim() !== "");
    const first = lines[index];
    const header = csvHeader(first);
    if (header === undefined) {
      throw new TraceReadError(ctx.name, notATrace(first), { line: line + index });
    }
    delimiter = header.delimiter;
    ctx.report.format = delimiter === "\t" ? "tsv" : "csv";
  };

  const flush = async (end: number): Promise<void> => {
    if (delimiter === undefined) decide();
    const text = pending.slice(0, end);
    const records = parse(text, line);
    line += countLines(text);
    pending = pending.slice(end);
    scanned -= end;
    cut = 0;
    await take(records);
  };

  const scan = (): void => {
    for (; scanned < pending.length; scanned++) {
      const c = pending.charCodeAt(scanned);
      if (c === 34) quotes++;
      // A CR at the end of what has arrived may be the first half of a CRLF: wait for the next chunk.
      else if ((quotes & 1) === 0 && (c === 10 || (c === 13 && scanned + 1 < pending.length && pending.charCodeAt(scanned + 1) !== 10))) cut = scanned + 1;
    }
  };

  let chunk: Uint8Array | undefined;
  try {
    for await (chunk of chunks) {
      pending += decoder.decode(chunk, { stream: true });
      scan();
      if (cut >= BATCH_CHARS) {
        ctx.signal?.throwIfAborted();
        await flush(cut);
      }
    }
    chunk = undefined;
    pending += decoder.decode();
  } catch (error) {
    if (error instanceof TypeError && /decode|encoded|utf-?8/i.test(error.message)) {
      // The line of the first undecodable byte: the chunk decoded leniently, up to its first replacement character.
      const lenient = chunk === undefined ? "" : new TextDecoder().decode(chunk);
      const bad = lenient.indexOf("\ufffd");
      throw new TraceReadError(ctx.name, "not valid UTF-8 text", { line: line + countLines(pending) + countLines(lenient.slice(0, Math.max(0, bad))), cause: error });
    }
    throw error;
  }
  if (pending.trim().length > 0) await flush(pending.length);
}

function isWhite(c: number): boolean {
  return c === 10 || c === 13 || c === 32 || c === 9;
}

/** Whether text[i] ends a line: LF, or a CR not followed by LF (CRLF counts once, at its LF). */
function endsLine(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10);
}

function countLines(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (endsLine(text, i)) n++;
  return n;
}
