/** Python `float()`, `int()` and `round()` on JS numbers (traces.md §0.7, §0.8). */
import { pyTypeName } from "./values.js";
import { pyRepr } from "./repr.js";
import { PY311_DIGITS } from "./unicode.js";

// round(x, n) lives in @whileai/hash-embed, whose leakage scan needs it too.
export { pyRound } from "@whileai/hash-embed";

// Python 3.11's digits (Unicode 14 Nd), not \p{Nd}, which follows the JS engine's Unicode version.
const D = `[${PY311_DIGITS}]`;
// A decimal literal with single underscores between digits, or inf/infinity/nan, any case.
const DECIMAL = new RegExp(`^[+-]?(?:(?:${D}(?:_?${D})*)(?:\\.(?:${D}(?:_?${D})*)?)?|\\.${D}(?:_?${D})*)(?:[eE][+-]?${D}(?:_?${D})*)?$`, "u");
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;
const NON_ASCII_DIGIT = /[^\x00-\x7f]/;

const ND = new RegExp(D, "u");
const ND_ALL = new RegExp(D, "gu");

function asciiDigits(s: string): string {
  // Nd digits come in runs of whole 0-9 blocks, so a digit's value is its offset from the run's start mod 10.
  return s.replace(ND_ALL, (d) => {
    const code = d.codePointAt(0) as number;
    let start = code;
    while (ND.test(String.fromCodePoint(start - 1))) start--;
    return String((code - start) % 10);
  });
}

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

// int(str) in base 10: Unicode decimal digits, single underscores between them, a sign.
const INT_LITERAL = new RegExp(`^[+-]?${D}+(?:_${D}+)*$`, "u");

/** Python `int(str)`, or null where Python raises ValueError ("4.0" and "0x10" do). */
export function parsePyInt(text: string): number | null {
  const s = pyNumberStrip(text);
  // int("-0") is 0; adding 0 turns -0 into it.
  return INT_LITERAL.test(s) ? (parsePyFloat(s) as number) + 0 : null;
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

/** Python `int(value)` on a caller's option: floats truncate toward zero, strings must be integer literals. */
export function pyIntStrict(value: unknown): number {
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
  throw new TypeError(`int() argument must be a string, a bytes-like object or a real number, not '${pyTypeName(value)}'`);
}

/** `round(x)`: nearest integer, ties to even on the exact double. */
export function pyRoundInt(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff < 0.5) return floor;
  if (diff > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}
