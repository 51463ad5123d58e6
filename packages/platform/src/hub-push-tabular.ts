/**
 * `hubPush`'s rows as one Parquet, CSV or TSV file, through `@whileai/ingest`'s `encodeRows`.
 * `hubPush` imports this module only with `import()`, when the path names one of these formats:
 * a bundler splits it into a chunk fetched the first time it is needed, and keeps only
 * `encodeRows` of ingest there (whose Parquet and CSV writers are further chunks), not its readers.
 */
import { encodeRows } from "@whileai/ingest";
import type { TabularRowFormat } from "./row-format.js";

const MEDIA_TYPES: Record<TabularRowFormat, string> = { parquet: "application/vnd.apache.parquet", csv: "text/csv", tsv: "text/tab-separated-values" };

/**
 * The rows gathered in memory (a Parquet file is written whole) and encoded as `format`. Each row
 * is first what JSON Lines would carry of it (`JSON.parse(JSON.stringify(row))`: `toJSON`
 * applied, undefined dropped, a BigInt refused naming the row), so every format holds the same rows.
 */
export async function tabularBlob(
  rows: Iterable<unknown> | AsyncIterable<unknown>,
  format: TabularRowFormat,
  // `hubPush`'s own check and JSON text of a row, passed in so this chunk shares no module with it.
  jsonLine: (row: unknown, n: number) => string,
): Promise<{ blob: Blob; rows: number }> {
  const gathered: Record<string, unknown>[] = [];
  for await (const row of rows) {
    // JSON.stringify answers undefined for an object whose `toJSON` does.
    const line = jsonLine(row, gathered.length) as string | undefined;
    const value: unknown = line === undefined ? undefined : JSON.parse(line);
    // A `toJSON` may also turn an object into something else.
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new TypeError(`hubPush: row ${gathered.length} is not a JSON object once written as JSON (got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value})`);
    }
    gathered.push(value as Record<string, unknown>);
  }
  if (gathered.length === 0) throw new TypeError("hubPush: no rows to push");
  const bytes = await encodeRows(gathered, format);
  return { blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: MEDIA_TYPES[format] }), rows: gathered.length };
}
