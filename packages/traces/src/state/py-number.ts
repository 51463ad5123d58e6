/**
 * Python's `float(x)` and `int(x)` on the numeric options of `behaviorState`, raising where
 * Python raises. Those errors are the caller's, not the data's, so they are thrown, with the
 * option named in front of Python's text.
 */
import { isDict, isNone, pyFloat, pyRepr, pyStrip } from "../py/index.js";

function typeName(value: unknown): string {
  if (isNone(value)) return "NoneType";
  if (Array.isArray(value)) return "list";
  if (isDict(value)) return "dict";
  return typeof value;
}

/** `float(value)`. */
export function pyFloatOf(value: unknown, option: string): number {
  const number = pyFloat(value);
  if (number !== null) return number;
  if (typeof value === "string") throw new Error(`${option}: could not convert string to float: ${pyRepr(value)}`);
  throw new TypeError(`${option}: float() argument must be a string or a real number, not '${typeName(value)}'`);
}

const INT_LITERAL = /^[+-]?\d+(?:_\d+)*$/;

/** `int(value)`: floats truncate toward zero, strings must be integer literals. */
export function pyIntOf(value: unknown, option: string): number {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number") {
    if (Number.isNaN(value)) throw new Error(`${option}: cannot convert float NaN to integer`);
    if (!Number.isFinite(value)) throw new RangeError(`${option}: cannot convert float infinity to integer`);
    return Math.trunc(value);
  }
  if (typeof value === "string") {
    const text = pyStrip(value);
    if (INT_LITERAL.test(text)) return Number(text.replace(/_/g, ""));
    throw new Error(`${option}: invalid literal for int() with base 10: ${pyRepr(value)}`);
  }
  throw new TypeError(`${option}: int() argument must be a string, a bytes-like object or a real number, not '${typeName(value)}'`);
}
