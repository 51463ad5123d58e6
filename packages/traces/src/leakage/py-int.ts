/** Python `int(x)` for the `examples` option: truncates floats, reads decimal strings. */
import { pyRepr, pyStrip } from "../py/index.js";

const INT_TEXT = /^[+-]?\p{Nd}(?:_?\p{Nd})*$/u;

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
    const s = pyStrip(value);
    if (INT_TEXT.test(s)) return Number(s.replace(/_/g, "").replace(/\p{Nd}/gu, (d) => String(digitValue(d))));
    throw new Error(`invalid literal for int() with base 10: ${pyRepr(value)}`);
  }
  const type = value === null || value === undefined ? "NoneType" : Array.isArray(value) ? "list" : "dict";
  throw new TypeError(`int() argument must be a string, a bytes-like object or a real number, not '${type}'`);
}

const ND = /\p{Nd}/u;

// Nd digits come in blocks of ten consecutive code points, so a digit's value is its offset.
function digitValue(d: string): number {
  const code = d.codePointAt(0) as number;
  let start = code;
  while (ND.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}
