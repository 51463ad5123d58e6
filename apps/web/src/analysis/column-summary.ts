/** What one column holds over the rows a view keeps: how many have a value, and its spread or its commonest values. */
import type { Cell, Column } from "./columns.js";

export type ColumnSummary =
  | { kind: "number"; present: number; missing: number; min: number; max: number; mean: number; median: number }
  | { kind: "empty"; present: 0; missing: number }
  | { kind: "text"; present: number; missing: number; distinct: number; top: [string, number][] };

/** Values listed under a text column. */
export const TOP_VALUES = 3;

export function summarizeColumn(column: Column, cells: readonly Cell[], rows: readonly number[]): ColumnSummary {
  let missing = 0;
  if (column.kind === "number") {
    const values: number[] = [];
    for (const r of rows) {
      const cell = cells[r];
      if (typeof cell === "number") values.push(cell);
      else missing++;
    }
    if (values.length === 0) return { kind: "empty", present: 0, missing };
    values.sort((a, b) => a - b);
    let sum = 0;
    for (const v of values) sum += v;
    const mid = values.length >> 1;
    const median = values.length % 2 === 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
    return { kind: "number", present: values.length, missing, min: values[0], max: values[values.length - 1], mean: sum / values.length, median };
  }
  const counts = new Map<string, number>();
  for (const r of rows) {
    const cell = cells[r];
    if (cell === null) missing++;
    else counts.set(String(cell), (counts.get(String(cell)) ?? 0) + 1);
  }
  // Commonest first; equal counts in the order first met.
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, TOP_VALUES);
  if (counts.size === 0) return { kind: "empty", present: 0, missing };
  return { kind: "text", present: rows.length - missing, missing, distinct: counts.size, top };
}
