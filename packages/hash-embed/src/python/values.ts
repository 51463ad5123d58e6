/**
 * The JavaScript side of Python's value model. Rows arrive as parsed JSON, so a Python
 * `dict` is a plain object, a `list` an array, and `int` vs `float` is decided by value:
 * a whole number is an int, anything else a float (traces.md, pitfall 3).
 */
export type Dict = Record<string, unknown>;

/** `isinstance(x, dict)`: a plain object, not an array, null, Map or class instance. */
export function isDict(value: unknown): value is Dict {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Python truthiness (traces.md §0.1): NaN, "0" and "false" are truthy; [] and {} are not. */
export function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "bigint") return value !== 0n;
  if (typeof value === "string") return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Map || value instanceof Set) return value.size > 0;
  if (isDict(value)) {
    for (const _ in value) return true;
    return false;
  }
  return true;
}

/** Python `a or b`. */
export function or<T, U>(a: T, b: U): T | U {
  return truthy(a) ? a : b;
}
