/**
 * Rows as CSV or TSV: one column per top-level key (in the order first seen), nested values as
 * JSON text, which the front door's CSV reader decodes back. CSV has no types: a text cell that
 * reads as a number (`"42"`) comes back a number, as pandas would read it.
 */

export async function rowsToCsv(rows: readonly Record<string, unknown>[], delimiter: "," | "\t" = ","): Promise<string> {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  if (columns.length === 0) return "";
  const cells = rows.map((row, i) => columns.map((column) => cellText(row[column], i, column)));
  const { default: Papa } = await import("papaparse");
  return Papa.unparse({ fields: columns, data: cells }, { delimiter, newline: "\n", header: true }) + "\n";
}

function cellText(value: unknown, row: number, column: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  try {
    return JSON.stringify(value);
  } catch (error) {
    throw new TypeError(`encodeRows: row ${row}, column ${JSON.stringify(column)} is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}
