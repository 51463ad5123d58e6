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

/**
 * Past 2^64 a whole JS number holds no integer a 64-bit field could have sent (OTLP's nanosecond
 * times and counters fit below): it is a float whose magnitude swallowed its fraction, as `1.5e300` is.
 */
const INT_LIMIT = 2 ** 64;

/**
 * Python `int` in our model: a bigint, or a finite whole number below 2^64 in magnitude (a
 * bigger one is a float: `json.dumps` writes `1.5e+300`, not 301 digits). `-0` counts as the int 0.
 */
export function isPyInt(value: unknown): value is number | bigint {
  return typeof value === "bigint" || (typeof value === "number" && Number.isInteger(value) && Math.abs(value) < INT_LIMIT);
}

/**
 * `row.get(key)`: `undefined` and JSON `null` both read as Python `None` (returned as null).
 * Only names that Object.prototype carries (`constructor`, `toString`, `__proto__`, ...) can be
 * inherited rather than the row's own, so only those pay for the own-property check.
 */
export function get(row: Dict, key: string): unknown {
  const value = row[key];
  if (value === undefined || value === null) return null;
  if (!(key in PROTOTYPE)) return value;
  return Object.hasOwn(row, key) ? value : null;
}

/** `key in row`: present, even with a None value. */
export function has(row: Dict, key: string): boolean {
  if (row[key] === undefined) return false;
  return !(key in PROTOTYPE) || Object.hasOwn(row, key);
}

const PROTOTYPE: object = Object.prototype;

/** A Python `str` / `None` check that treats a JS `undefined` as None. */
export function isNone(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

/** `type(value).__name__` for JSON-shaped values, as Python's error messages name them; a whole number is an int. */
export function pyTypeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "bigint") return "int";
  if (typeof value === "number") return isPyInt(value) ? "int" : "float";
  if (typeof value === "string") return "str";
  if (Array.isArray(value)) return "list";
  if (isDict(value)) return "dict";
  if (typeof value === "function") return "function";
  return typeof value === "object" ? ((value as object).constructor?.name ?? "object") : typeof value;
}
