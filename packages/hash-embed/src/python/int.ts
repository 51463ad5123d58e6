/**
 * Python's `int(value)` (traces.md §0.7), the one implementation every package calls: exact as a
 * bigint, with CPython's errors and messages. ValueError (an `Error`) for text `int()` cannot
 * read, NaN, and text past CPython's 4,300-digit limit; OverflowError (a `RangeError`) for an
 * infinity; TypeError for None, a list, a dict or any other object.
 */
import { pyNumberStrip } from "./number.js";
import { pyRepr } from "./repr.js";
import { asciiDigits, PY311_DIGITS } from "./unicode.js";
import { pyTypeName } from "./values.js";

// int(str) in base 10: Unicode decimal digits with single underscores between them, and a sign.
const D = `[${PY311_DIGITS}]`;
const INT_LITERAL = new RegExp(`^[+-]?${D}+(?:_${D}+)*$`, "u");
const ASCII_INT = /^[+-]?[0-9]+(?:_[0-9]+)*$/;
// CPython 3.11+ refuses longer decimal strings (sys.int_info.default_max_str_digits).
const MAX_STR_DIGITS = 4300;

/** Python `int(value)`, exactly: digits past 2^53 (nanosecond timestamps) are kept. */
export function pyIntExact(value: unknown): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "boolean") return value ? 1n : 0n;
  if (typeof value === "number") return BigInt(truncate(value));
  if (typeof value === "string") return parseIntText(value);
  throw new TypeError(`int() argument must be a string, a bytes-like object or a real number, not '${pyTypeName(value)}'`);
}

/** Python `int(value)` as a JS number, for counts and options: exact below 2^53, the nearest double beyond. */
export function pyInt(value: unknown): number {
  // + 0 turns int(-0.5)'s -0 into Python's 0.
  if (typeof value === "number") return truncate(value) + 0;
  return Number(pyIntExact(value));
}

/**
 * `int(value)`, or `fallback` where Python raises TypeError (None, a list, a dict): for odd JSON
 * in a span or a reply, which the port reads rather than fails on. Text `int()` cannot read,
 * NaN and infinity still throw, as in Python.
 */
export function pyIntExactOr(value: unknown, fallback: bigint): bigint {
  const type = typeof value;
  return type === "bigint" || type === "boolean" || type === "number" || type === "string" ? pyIntExact(value) : fallback;
}

function truncate(x: number): number {
  if (Number.isNaN(x)) throw new Error("cannot convert float NaN to integer");
  if (!Number.isFinite(x)) throw new RangeError("cannot convert float infinity to integer");
  return Math.trunc(x);
}

function parseIntText(text: string): bigint {
  const s = pyNumberStrip(text);
  const ascii = ASCII_INT.test(s) ? s : INT_LITERAL.test(s) ? asciiDigits(s) : null;
  if (ascii === null) throw new Error(`invalid literal for int() with base 10: ${pyRepr(text)}`);
  const digits = ascii.length - (ascii.match(/[_+-]/g)?.length ?? 0);
  if (digits > MAX_STR_DIGITS) {
    throw new Error(
      `Exceeds the limit (${MAX_STR_DIGITS} digits) for integer string conversion: value has ${digits} digits; use sys.set_int_max_str_digits() to increase the limit`,
    );
  }
  return BigInt(ascii.replace(/_/g, ""));
}
