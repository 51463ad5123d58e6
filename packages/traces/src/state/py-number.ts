/**
 * Python's `float(x)` and `int(x)` on the numeric options of `behaviorState`, raising where
 * Python raises, with Python's message. Those errors are the caller's, not the data's, so they
 * are thrown.
 */
import { isDict, isNone, parsePyInt, pyFloat, pyRepr } from "../py/index.js";

function typeName(value: unknown): string {
  if (isNone(value)) return "NoneType";
  if (Array.isArray(value)) return "list";
  if (isDict(value)) return "dict";
  return typeof value;
}

/** `float(value)`. */
export function pyFloatOf(value: unknown): number {
  const number = pyFloat(value);
  if (number !== null) return number;
  if (typeof value === "string") throw new Error(`could not convert string to float: ${pyRepr(value)}`);
  throw new TypeError(`float() argument must be a string or a real number, not '${typeName(value)}'`);
}

/** `int(value)`: floats truncate toward zero, strings must be base-10 integer literals. */
export function pyIntOf(value: unknown): number {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number") {
    if (Number.isNaN(value)) throw new Error("cannot convert float NaN to integer");
    if (!Number.isFinite(value)) throw new RangeError("cannot convert float infinity to integer");
    return Math.trunc(value) + 0;
  }
  if (typeof value === "string") {
    const number = parsePyInt(value);
    if (number !== null) return number;
    throw new Error(`invalid literal for int() with base 10: ${pyRepr(value)}`);
  }
  throw new TypeError(`int() argument must be a string, a bytes-like object or a real number, not '${typeName(value)}'`);
}
