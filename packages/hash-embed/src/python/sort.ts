/** Python's stable `sorted` with tuple keys and `reverse=True` that keeps ties in input order. */
import { compareStrings } from "./text.js";

export type SortKey = number | string | boolean | bigint | readonly SortKey[];

/** Python comparison of two keys of the same shape (numbers, strings, tuples). */
export function compareKeys(a: SortKey, b: SortKey): number {
  if (typeof a === "string" && typeof b === "string") return compareStrings(a, b);
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = compareKeys(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  if (typeof a === "string" || typeof b === "string" || Array.isArray(a) || Array.isArray(b)) {
    throw new TypeError(`'<' not supported between ${typeof a} and ${typeof b}`);
  }
  const x = typeof a === "boolean" ? Number(a) : a;
  const y = typeof b === "boolean" ? Number(b) : b;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `sorted(items, key=key, reverse=reverse)`: stable both ways, as Python's is. */
export function sortedBy<T>(items: Iterable<T>, key: (item: T) => SortKey, reverse = false): T[] {
  const decorated = Array.from(items, (item) => ({ item, k: key(item) }));
  const sign = reverse ? -1 : 1;
  decorated.sort((p, q) => sign * compareKeys(p.k, q.k));
  return decorated.map((d) => d.item);
}

/** `sorted(strings)` by code point. */
export function sortedStrings(items: Iterable<string>): string[] {
  return Array.from(items).sort(compareStrings);
}
