/** `_normalize([float(x) for x in row])` of embeddings.py: L2-unit rows with a correctly rounded norm. */
import { fsum } from "@whileai/hash-embed";
import { pyFloat } from "@whileai/hash-embed/internal";

/** One embedding row as floats divided by `sqrt(fsum(x*x)) or 1.0`. */
export function normalizeRow(row: unknown, name: string): Float64Array {
  if (row === null || typeof row !== "object" || !(Symbol.iterator in row)) {
    throw new TypeError(`${name} returned a row that is not a list of numbers`);
  }
  const values = Array.from(row as Iterable<unknown>, (x) => {
    const f = typeof x === "number" ? x : pyFloat(x);
    if (f === null) throw new TypeError(`${name} returned a non-numeric component: ${String(x)}`);
    return f;
  });
  const norm = Math.sqrt(fsum(values.map((x) => x * x))) || 1.0;
  return Float64Array.from(values, (x) => x / norm);
}

/** Every row of an embedder's answer normalised; the answer must be a list. */
export function normalizeRows(rows: unknown, name: string): Float64Array[] {
  if (rows === null || typeof rows !== "object" || !(Symbol.iterator in rows)) {
    throw new TypeError(`${name} returned ${rows === null ? "null" : typeof rows}, not a list of vectors`);
  }
  return Array.from(rows as Iterable<unknown>, (row) => normalizeRow(row, name));
}
