/**
 * Python's `for item in value or ()` over JSON-shaped data. Only a list (or another non-string
 * iterable a TypeScript caller hands us) yields items a reader can use: Python walks a string's
 * characters or a dict's keys, which every reader then skips as non-dicts, and raises TypeError
 * on a number or bool, which we skip instead so an analysis never throws on odd data.
 */
export function pyItems(value: unknown): Iterable<unknown> {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === "object" && Symbol.iterator in value) return value as Iterable<unknown>;
  return EMPTY;
}

const EMPTY: readonly unknown[] = Object.freeze([]);
