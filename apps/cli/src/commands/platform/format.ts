/**
 * Text views of platform replies. Fields are read defensively: the hosted platform documents only
 * some of them, so a missing field prints as "-" rather than failing, and `--json` always has all.
 */

export type Dict = Record<string, unknown>;

export function isDict(value: unknown): value is Dict {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The list under `key` of a reply, keeping only objects. */
export function listOf(reply: unknown, key: string): Dict[] {
  const list = isDict(reply) ? reply[key] : reply;
  return Array.isArray(list) ? list.filter(isDict) : [];
}

/** A cell: "-" for null/undefined/"", strings as they are, anything else as JSON. */
export function cell(value: unknown): string {
  if (value === null || value === undefined || value === "") return "-";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return JSON.stringify(value);
}

const UNITS = ["B", "kB", "MB", "GB", "TB"];

/** Bytes in decimal units, as the upload messages count megabytes: 2.1 kB, 5.0 MB. */
export function formatBytes(value: unknown): string {
  const bytes = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(bytes) || value === null || value === undefined) return "-";
  let n = bytes;
  let unit = 0;
  while (Math.abs(n) >= 1000 && unit < UNITS.length - 1) {
    n /= 1000;
    unit++;
  }
  return unit === 0 ? `${n} B` : `${n.toFixed(1)} ${UNITS[unit]}`;
}

/** Columns padded to their widest cell; the last column is not padded. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

/** "1 dataset" / "3 datasets". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Rows of a nested list printed in text; a per-task list can run to thousands. */
const TABLE_ROWS_SHOWN = 10;

function scalar(value: unknown): boolean {
  return !isDict(value) && !Array.isArray(value);
}

/**
 * A reply of unknown shape as indented `key: value` lines: scalars and lists of scalars inline,
 * objects nested, a list of objects as a table of its scalar fields.
 */
export function formatRecord(value: unknown, indent = ""): string {
  if (!isDict(value)) return `${indent}${cell(value)}`;
  const lines: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (scalar(v)) lines.push(`${indent}${key}: ${cell(v)}`);
    else if (Array.isArray(v) && v.every(scalar)) lines.push(`${indent}${key}: ${v.length ? v.map(cell).join(", ") : "(none)"}`);
    else if (Array.isArray(v)) {
      const rows = v.filter(isDict);
      const columns = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => scalar(r[k]))))];
      lines.push(`${indent}${key}: ${v.length} ${v.length === 1 ? "entry" : "entries"}`);
      if (columns.length) {
        const shown = rows.slice(0, TABLE_ROWS_SHOWN);
        const body = table(columns, shown.map((r) => columns.map((c) => cell(r[c]))));
        lines.push(...body.split("\n").map((l) => `${indent}  ${l}`));
        if (rows.length > shown.length) lines.push(`${indent}  … ${rows.length - shown.length} more (--json has them all)`);
      }
    } else if (Object.keys(v as Dict).length === 0) lines.push(`${indent}${key}: (none)`);
    else lines.push(`${indent}${key}:`, formatRecord(v, `${indent}  `));
  }
  return lines.join("\n");
}
