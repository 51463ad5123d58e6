/**
 * Ordering rows by `row.get("ts") or 0` with Python's comparison rules (traces.md §14.2 step 2):
 * numbers and bools compare numerically (a bigint exactly), strings by code point, lists element
 * by element, and anything else, a string against a number included, raises TypeError. That
 * TypeError is a documented Python failure, so we throw it too, naming the two rows.
 */
import { compareStrings, isDict, isNone, pyRepr, truthy } from "@whileai/hash-embed/internal";
import { typeName } from "../rows/options.js";

function isNumeric(value: unknown): value is number | bigint | boolean {
  return typeof value === "number" || typeof value === "bigint" || typeof value === "boolean";
}

function numeric(value: number | bigint | boolean): number | bigint {
  return typeof value === "boolean" ? Number(value) : value;
}

/** Python `a == b` on JSON-shaped values (never raises). */
function pyEquals(a: unknown, b: unknown): boolean {
  // biome-ignore lint/suspicious/noDoubleEquals: Python compares an int and a float by value.
  if (isNumeric(a) && isNumeric(b)) return numeric(a) == numeric(b); // loose on purpose: 1n == 1 is true, 1n === 1 is not
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => pyEquals(x, b[i]));
  if (isDict(a) && isDict(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    return keys.length === Object.keys(b).filter((k) => b[k] !== undefined).length && keys.every((k) => Object.hasOwn(b, k) && pyEquals(a[k], b[k]));
  }
  if (isNone(a) && isNone(b)) return true;
  return a === b;
}

class Unorderable extends TypeError {}

/** Python `a < b`, throwing where Python raises TypeError. */
function pyLess(a: unknown, b: unknown): boolean {
  if (isNumeric(a) && isNumeric(b)) return numeric(a) < numeric(b);
  if (typeof a === "string" && typeof b === "string") return compareStrings(a, b) < 0;
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (!pyEquals(a[i], b[i])) return pyLess(a[i], b[i]);
    return a.length < b.length;
  }
  throw new Unorderable(`${typeName(a)} and ${typeName(b)}`);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "string" && typeof b === "string") return compareStrings(a, b);
  return pyLess(a, b) ? -1 : pyLess(b, a) ? 1 : 0;
}

/**
 * `sorted(rows, key=lambda r: r.get("ts") or 0)`, stable. `indices[i]` is the input position of
 * `rows[i]`, used to name the rows in the error.
 */
export function sortByTs<T extends Record<string, unknown>>(rows: readonly T[], indices: readonly number[]): T[] {
  const decorated = rows.map((row, i) => {
    const ts = row.ts;
    return { row, index: indices[i], ts: truthy(ts) ? ts : 0 };
  });
  decorated.sort((p, q) => {
    try {
      return compare(p.ts, q.ts);
    } catch (error) {
      if (!(error instanceof Unorderable)) throw error;
      throw new TypeError(
        `behaviorState: rows are ordered by ts, but row ${p.index} has ts ${pyRepr(p.ts)} and row ${q.index} ` +
          `has ts ${pyRepr(q.ts)}, which cannot be ordered against each other (${error.message}). ` +
          "Give every row a ts of one kind (all numbers or all ISO strings); a missing ts counts as 0.",
      );
    }
  });
  return decorated.map((d) => d.row);
}
