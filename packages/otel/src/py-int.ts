/**
 * Python `int(value)` as an exact bigint, for OTLP timestamps: nanosecond epochs (~1.7e18)
 * exceed 2^53, and Python orders them exactly. Throws where Python raises ValueError or
 * OverflowError; answers null where Python would raise TypeError (a dict or list), which the
 * caller treats as no value rather than crashing on odd JSON.
 */
import { py } from "@whileai/traces";

const ASCII_INT = /^[+-]?\d+(?:_\d+)*$/;
const ASCII_DIGIT = /^[0-9]$/;
// CPython 3.11+ refuses longer decimal strings (sys.int_info.default_max_str_digits).
const MAX_STR_DIGITS = 4300;

export function pyIntExact(value: unknown): bigint | null {
  if (typeof value === "bigint") return value;
  if (typeof value === "boolean") return value ? 1n : 0n;
  if (typeof value === "number") {
    if (Number.isNaN(value)) throw new Error("cannot convert float NaN to integer");
    if (!Number.isFinite(value)) throw new RangeError("cannot convert float infinity to integer");
    return BigInt(Math.trunc(value));
  }
  if (typeof value === "string") return parseIntText(value);
  return null;
}

function parseIntText(text: string): bigint {
  const s = py.pyNumberStrip(text);
  let ascii: string | null = null;
  if (ASCII_INT.test(s)) ascii = s;
  else if (py.parsePyInt(s) !== null) ascii = toAsciiDigits(s);
  if (ascii === null) throw new Error(`invalid literal for int() with base 10: ${py.pyRepr(text)}`);
  const digits = ascii.replace(/[_+-]/g, "");
  if (digits.length > MAX_STR_DIGITS) {
    throw new Error(
      `Exceeds the limit (${MAX_STR_DIGITS} digits) for integer string conversion: value has ${digits.length} digits; use sys.set_int_max_str_digits() to increase the limit`,
    );
  }
  return BigInt(ascii.replace(/_/g, ""));
}

/** Unicode decimal digits (which Python's int() accepts) to ASCII, one digit at a time. */
function toAsciiDigits(s: string): string {
  let out = "";
  for (const ch of s) {
    if (ch === "_" || ch === "+" || ch === "-" || ASCII_DIGIT.test(ch)) out += ch;
    else out += String(py.parsePyInt(ch));
  }
  return out;
}
