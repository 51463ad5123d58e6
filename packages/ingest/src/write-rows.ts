/**
 * Rows out as a file a dataset tool opens: JSON Lines, Parquet, CSV or TSV, the format named by
 * the file's extension. The writers load on demand, as the readers do.
 */

export const ROW_FILE_FORMATS = ["jsonl", "parquet", "csv", "tsv"] as const;
export type RowFileFormat = (typeof ROW_FILE_FORMATS)[number];

const EXTENSIONS: Record<string, RowFileFormat> = { jsonl: "jsonl", ndjson: "jsonl", parquet: "parquet", csv: "csv", tsv: "tsv" };

/** The format a path's extension names (`rows.parquet` is Parquet), or undefined for another extension. */
export function rowFileFormat(path: string): RowFileFormat | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : EXTENSIONS[extension];
}

/** Rows (JSON objects) as the bytes of one file of `format`; a value JSON cannot hold (a BigInt) is refused naming its row, in every format. */
export async function encodeRows(rows: readonly Record<string, unknown>[], format: RowFileFormat): Promise<Uint8Array> {
  rows.forEach((row, i) => {
    if (typeof row !== "object" || row === null || Array.isArray(row)) throw new TypeError(`encodeRows: row ${i} is not a JSON object`);
  });
  if (format === "parquet") return (await import("./tabular/parquet-write.js")).rowsToParquet(rows);
  if (format === "csv" || format === "tsv") {
    const text = await (await import("./tabular/csv-write.js")).rowsToCsv(rows, format === "tsv" ? "\t" : ",");
    return new TextEncoder().encode(text);
  }
  return new TextEncoder().encode(rows.map((row, i) => jsonLine(row, i)).join(""));
}

function jsonLine(row: Record<string, unknown>, i: number): string {
  try {
    return JSON.stringify(row) + "\n";
  } catch (error) {
    throw new TypeError(`encodeRows: row ${i} is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}
