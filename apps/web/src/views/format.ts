/** How numbers and values read on the page. */

/** Counts with thousands separators, always in English so the page reads the same everywhere. */
export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** "1 row", "2 rows". */
export function counted(n: number, noun: string): string {
  return `${count(n)} ${noun}${n === 1 ? "" : "s"}`;
}

export function percent(part: number, whole: number): string {
  return whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)}%`;
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** A value as JSON for display: strings stay bare, everything else pretty-printed. */
export function shown(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "(absent)";
  return JSON.stringify(value, null, 2) ?? String(value);
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
