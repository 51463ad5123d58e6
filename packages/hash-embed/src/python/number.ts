/** Python `float()` on JS values (traces.md §0.7); `int()` is in int.ts, `round()` in round.ts. */
import { pyRepr } from "./repr.js";
import { asciiDigits, PY311_DIGITS } from "./unicode.js";
import { pyTypeName } from "./values.js";

// Python 3.11's digits (Unicode 14 Nd), not \p{Nd}, which follows the JS engine's Unicode version.
const D = `[${PY311_DIGITS}]`;
// A decimal literal with single underscores between digits, or inf/infinity/nan, any case.
const DECIMAL = new RegExp(`^[+-]?(?:(?:${D}(?:_?${D})*)(?:\\.(?:${D}(?:_?${D})*)?)?|\\.${D}(?:_?${D})*)(?:[eE][+-]?${D}(?:_?${D})*)?$`, "u");
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;
const NON_ASCII_DIGIT = /[^\x00-\x7f]/;

// float() and int() strip less than str.strip(): CPython turns non-ASCII whitespace into " ",
// then strips only ASCII " \t\n\v\f\r" (Py_ISSPACE), so \x1c-\x1f stay and `float("\x1c1")` raises.
const NUMBER_SPACE = "\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const NUMBER_EDGES = new RegExp(`^[${NUMBER_SPACE}]+|[${NUMBER_SPACE}]+$`, "g");

/** The text `float()` and `int()` parse: `s` without the whitespace they strip from its ends. */
export function pyNumberStrip(s: string): string {
  return s.replace(NUMBER_EDGES, "");
}

/** Python `float(str)`, or null where Python raises ValueError. */
export function parsePyFloat(text: string): number | null {
  const s = pyNumberStrip(text);
  const special = SPECIAL.exec(s);
  if (special) {
    if (special[2].toLowerCase() === "nan") return NaN;
    return special[1] === "-" ? -Infinity : Infinity;
  }
  if (!DECIMAL.test(s)) return null;
  const plain = (NON_ASCII_DIGIT.test(s) ? asciiDigits(s) : s).replace(/_/g, "");
  return Number(plain);
}

/** Python `float(v)`, or null where Python raises TypeError or ValueError. */
export function pyFloat(value: unknown): number | null {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string") return parsePyFloat(value);
  return null;
}

/**
 * Python `float(value)` on a caller's option (a threshold, a weight), raising Python's
 * ValueError or TypeError with Python's message where `float()` raises.
 */
export function pyFloatStrict(value: unknown): number {
  const number = pyFloat(value);
  if (number !== null) return number;
  if (typeof value === "string") throw new Error(`could not convert string to float: ${pyRepr(value)}`);
  throw new TypeError(`float() argument must be a string or a real number, not '${pyTypeName(value)}'`);
}
