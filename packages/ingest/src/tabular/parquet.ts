/**
 * Parquet through hyparquet (pure JS, browser and Node) with hyparquet-compressors for the codecs
 * it does not build in (gzip, zstd, brotli, lz4). The footer is read first, then one row group at
 * a time through ranged reads, so memory holds one decoded row group, not the file. The Node entry
 * runs the same generator in a worker thread (node/parquet-thread.ts).
 */
import type { AsyncBuffer, Compressors, FileMetaData, SchemaElement } from "hyparquet";
import { TraceReadError } from "../errors.js";
import { addUnreadable, UNREADABLE_ROW_GROUP } from "../report.js";
import type { TableContext } from "./table-source.js";
import { jsonObject } from "./values.js";

/** A DATE is a day, not an instant: `2026-11-30`, as pandas and pyarrow print it. */
const parsers = { dateFromDays: (days: number): string => new Date(days * 86_400_000).toISOString().slice(0, 10) };

/** One row group as read: its rows as JSON objects, or why it does not decode. */
export type ParquetRowGroup =
  | { index: number; groups: number; first: number; count: number; rows: Record<string, unknown>[] }
  | { index: number; groups: number; first: number; count: number; error: string; cause: unknown };

/**
 * The row groups of a Parquet file in order, from `fromGroup` (0-based), each decoded when asked
 * for. A file that is not Parquet, or whose footer does not decode, throws a TraceReadError.
 */
export async function* parquetRowGroups(file: AsyncBuffer, name: string, fromGroup = 0): AsyncGenerator<ParquetRowGroup> {
  const { parquetMetadataAsync, parquetReadObjects, parquetSchema } = await import("hyparquet");
  if (file.byteLength < 12 || String.fromCharCode(...new Uint8Array(await file.slice(file.byteLength - 4))) !== "PAR1") {
    throw new TraceReadError(name, "not a readable Parquet file: it opens as Parquet but does not end with the Parquet footer (PAR1); it may be cut short");
  }
  let metadata: FileMetaData;
  try {
    metadata = await parquetMetadataAsync(file);
  } catch (error) {
    throw new TraceReadError(name, `not a readable Parquet file: ${reason(error)}`, { cause: error });
  }
  const compressors = await compressorsFor(metadata);
  const top = parquetSchema(metadata).children.map((child) => child.element);
  const fixes = columnFixes(metadata, top);
  const columns = top.map((element) => element.name);
  const groups = metadata.row_groups;
  let first = 0;
  for (let g = 0; g < fromGroup && g < groups.length; g++) first += Number(groups[g].num_rows);
  for (let index = fromGroup; index < groups.length; index++) {
    const count = Number(groups[index].num_rows);
    const where = { index, groups: groups.length, first, count };
    let rows: Record<string, unknown>[];
    try {
      // utf8: false keeps unannotated BYTE_ARRAY columns binary (then base64); strings are annotated.
      rows = await readRowGroup(parquetReadObjects, { file, metadata: fixes.metadata, rowStart: first, rowEnd: first + count, compressors, utf8: false, parsers }, columns);
    } catch (error) {
      yield { ...where, error: reason(error), cause: error };
      first += count;
      continue;
    }
    for (let i = 0; i < rows.length; i++) {
      for (const [column, fix] of fixes.columns) if (rows[i][column] !== null && rows[i][column] !== undefined) rows[i][column] = fix(rows[i][column]);
      rows[i] = jsonObject(Object.entries(rows[i]));
    }
    yield { ...where, rows };
    first += count;
  }
}

/** Reads a Parquet file's row groups into the front door, in this thread. */
export async function readParquet(file: AsyncBuffer, ctx: TableContext): Promise<void> {
  for await (const group of parquetRowGroups(file, ctx.name)) {
    ctx.signal?.throwIfAborted();
    await takeRowGroup(group, ctx);
  }
}

/** One row group's rows into the front door, or its loss counted (with `skip`) or thrown. */
export async function takeRowGroup(group: ParquetRowGroup, ctx: TableContext): Promise<void> {
  const where = `row group ${group.index + 1} of ${group.groups} (rows ${group.first + 1}-${group.first + group.count})`;
  if ("error" in group) {
    if (ctx.onInvalid !== "skip") throw new TraceReadError(ctx.name, `${where}: ${group.error}`, { cause: group.cause });
    addUnreadable(ctx.report, group.count, { kind: "dropped", reason: UNREADABLE_ROW_GROUP, record: group.first + 1, detail: `${where}: ${group.error}` });
    return;
  }
  ctx.report.records += group.rows.length;
  for (let i = 0; i < group.rows.length; i++) {
    const wait = ctx.push(group.rows[i], { record: group.first + i + 1 });
    if (wait) await wait;
  }
}

type ReadObjects = typeof import("hyparquet").parquetReadObjects;

/**
 * One row group's rows, decoded a top-level column at a time and joined: hyparquet's assembly of
 * nested columns makes much short-lived garbage, and one column's at a time keeps the heap it
 * grows to about a third lower (342 against 530 MiB on the bench rows) and is no slower.
 */
async function readRowGroup(read: ReadObjects, options: Parameters<ReadObjects>[0], columns: readonly string[]): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (const column of columns) {
    const cells = await read({ ...options, columns: [column] });
    for (let i = 0; i < cells.length; i++) (rows[i] ??= {})[column] = cells[i][column];
  }
  return rows;
}

/**
 * The decompressors a file's column chunks need. Snappy (what the Hub, pyarrow and DuckDB write
 * by default) and no compression are built into hyparquet in plain JavaScript; the others load
 * hyparquet-compressors (72 KB gzipped, most of it brotli's dictionary, and a wasm snappy that a
 * browser without WebAssembly could not compile) only for a file that uses them.
 */
async function compressorsFor(metadata: FileMetaData): Promise<Compressors | undefined> {
  const builtIn = new Set(["UNCOMPRESSED", "SNAPPY"]);
  const others = metadata.row_groups.some((group) => group.columns.some((column) => column.meta_data && !builtIn.has(column.meta_data.codec)));
  return others ? (await import("hyparquet-compressors")).compressors : undefined;
}

/** Exact digits of a decimal: a number while a double holds every digit (15), else a decimal string. */
function decimalValue(unscaled: bigint, scale: number, precision: number): number | string {
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, "0");
  const text = `${negative ? "-" : ""}${scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits}`;
  return precision <= 15 ? Number(text) : text;
}

/** A big-endian two's-complement integer, as Parquet stores a decimal in bytes. */
function signedBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return bytes.length > 0 && bytes[0] & 0x80 ? value - (1n << BigInt(bytes.length * 8)) : value;
}

/**
 * What hyparquet's conversions would get wrong for top-level columns, fixed: a DECIMAL is read as
 * its stored integer (its annotation taken off a copy of the footer) and scaled exactly, where
 * hyparquet multiplies in floating point (1999 * 0.01 = 19.990000000000002) and rounds 38 digits
 * to 17; a TIMESTAMP not adjusted to UTC is a local time, written without a zone.
 */
function columnFixes(metadata: FileMetaData, columns: readonly SchemaElement[]): { metadata: FileMetaData; columns: [string, (value: unknown) => unknown][] } {
  const fixes: [string, (value: unknown) => unknown][] = [];
  const bare = new Map<SchemaElement, SchemaElement>();
  for (const element of columns) {
    if (element.converted_type === "DECIMAL" || element.logical_type?.type === "DECIMAL") {
      const scale = element.scale ?? 0;
      const precision = element.precision ?? 38;
      const { converted_type: _c, logical_type: _l, ...plain } = element;
      bare.set(element, plain);
      fixes.push([element.name, (value) => decimalValue(value instanceof Uint8Array ? signedBigInt(value) : BigInt(value as number | bigint), scale, precision)]);
    } else if (element.logical_type?.type === "TIMESTAMP" && element.logical_type.isAdjustedToUTC === false) {
      fixes.push([element.name, (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, -1) : value)]);
    }
  }
  return { metadata: bare.size === 0 ? metadata : { ...metadata, schema: metadata.schema.map((element) => bare.get(element) ?? element) }, columns: fixes };
}

/** hyparquet's messages start with "parquet "; the error already says it is Parquet. */
function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^parquet /, "");
}
