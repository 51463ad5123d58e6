import { isDict, pyTypeName } from "./values.js";

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

/**
 * Python's `for item in value` over a top-level argument: a list's items, a string's characters,
 * a dict's keys (so `mine_traces({...})` counts them in `n`), or any other iterable a TypeScript
 * caller hands us. Python raises TypeError on None, a number or a bool, and so do we: that is
 * the caller's mistake, not odd data inside the rows.
 */
export function pyIter(value: unknown): Iterable<unknown> {
  if (Array.isArray(value) || typeof value === "string") return value;
  if (isDict(value)) return Object.keys(value).filter((key) => value[key] !== undefined);
  if (value instanceof Map) return value.keys();
  if (value !== null && typeof value === "object" && Symbol.iterator in value) return value as Iterable<unknown>;
  throw new TypeError(`'${pyTypeName(value)}' object is not iterable`);
}
