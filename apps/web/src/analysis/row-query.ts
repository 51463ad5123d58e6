/**
 * Which rows of a table a view shows, and in what order: a search across the conversation text,
 * a filter per column, and a sort by one column. Pure, so the page and the tests agree by
 * construction on which rows a link's view holds.
 */
import type { Cell, Column, RowTable } from "./columns.js";

export interface RowQuery {
  /** Words looked for in the prompt, steps and final text (all must appear, any case). */
  search: string;
  /** Column key → filter text (see `parseFilter`). */
  filters: Record<string, string>;
  sort: { key: string; direction: "asc" | "desc" } | null;
}

export const EMPTY_QUERY: RowQuery = { search: "", filters: {}, sort: null };

type Test = (cell: Cell) => boolean;

/**
 * A column filter as typed. Numbers: `3` or `=3`, `>3`, `>=3`, `<3`, `<=3`, `1..5` (inclusive).
 * Texts: `foo` contains it (any case), `=foo` is exactly it, `!foo` does not contain it.
 * Either kind: `=` alone keeps rows with no value. Throws a message naming the column for a
 * number filter that does not read.
 */
export function parseFilter(column: Column, text: string): Test | null {
  const t = text.trim();
  if (t === "") return null;
  if (t === "=") return (cell) => cell === null;
  if (column.kind === "text") {
    if (t.startsWith("=")) {
      const want = t.slice(1);
      return (cell) => cell !== null && String(cell) === want;
    }
    if (t.startsWith("!")) {
      const needle = t.slice(1).toLowerCase();
      return (cell) => cell === null || !String(cell).toLowerCase().includes(needle);
    }
    const needle = t.toLowerCase();
    return (cell) => cell !== null && String(cell).toLowerCase().includes(needle);
  }
  const range = /^(-?[\d.e+-]+)\s*\.\.\s*(-?[\d.e+-]+)$/.exec(t);
  if (range) {
    const [lo, hi] = [number(column, range[1], text), number(column, range[2], text)];
    return (cell) => typeof cell === "number" && cell >= lo && cell <= hi;
  }
  const op = /^(>=|<=|>|<|=)?\s*(.+)$/.exec(t) as RegExpExecArray;
  const value = number(column, op[2], text);
  switch (op[1]) {
    case ">=":
      return (cell) => typeof cell === "number" && cell >= value;
    case "<=":
      return (cell) => typeof cell === "number" && cell <= value;
    case ">":
      return (cell) => typeof cell === "number" && cell > value;
    case "<":
      return (cell) => typeof cell === "number" && cell < value;
    default:
      return (cell) => cell === value;
  }
}

function number(column: Column, text: string, filter: string): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) {
    throw new Error(`${column.title}: "${filter}" is not a number filter (try 3, >3, <=0.5 or 1..5; = alone for no value)`);
  }
  return value;
}

/** The rows the query keeps, in its order (the file's order when unsorted; ties keep it too). */
export function queryRows(table: RowTable, query: RowQuery): number[] {
  const tests: [Cell[], Test][] = [];
  for (const [key, text] of Object.entries(query.filters)) {
    const c = table.columns.findIndex((col) => col.key === key);
    if (c < 0) continue;
    const test = parseFilter(table.columns[c], text);
    if (test !== null) tests.push([table.cells[c], test]);
  }
  const words = query.search
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== "");
  const rows = table.searchText.length;
  const kept: number[] = [];
  for (let r = 0; r < rows; r++) {
    if (!tests.every(([cells, test]) => test(cells[r]))) continue;
    if (words.length > 0 && !words.every((w) => table.searchText[r].includes(w))) continue;
    kept.push(r);
  }
  if (query.sort !== null) {
    const c = table.columns.findIndex((col) => col.key === query.sort?.key);
    if (c >= 0) {
      const cells = table.cells[c];
      const sign = query.sort.direction === "asc" ? 1 : -1;
      // Rows with no value go last in either direction; Array.prototype.sort is stable.
      kept.sort((a, b) => {
        const [x, y] = [cells[a], cells[b]];
        if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
        return sign * (x < y ? -1 : x > y ? 1 : 0);
      });
    }
  }
  return kept;
}
