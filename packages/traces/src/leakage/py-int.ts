/** Python `int(x)` for the `examples` option: truncates floats, reads decimal strings. */
import { parsePyInt, pyRepr } from "../py/index.js";

/** `int(value)`, throwing Python's message where Python raises. */
export function pyInt(value: unknown): number {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number") {
    if (Number.isNaN(value)) throw new Error("cannot convert float NaN to integer");
    if (!Number.isFinite(value)) throw new RangeError("cannot convert float infinity to integer");
    return Math.trunc(value);
  }
  if (typeof value === "string") {
    const number = parsePyInt(value);
    if (number !== null) return number;
    throw new Error(`invalid literal for int() with base 10: ${pyRepr(value)}`);
  }
  const type = value === null || value === undefined ? "NoneType" : Array.isArray(value) ? "list" : "dict";
  throw new TypeError(`int() argument must be a string, a bytes-like object or a real number, not '${type}'`);
}
