/** Python `str()`, `repr()` and float formatting of JSON-shaped values (traces.md §0.2–0.4). */
import { UNASSIGNED_IN_PY311 } from "./unicode.js";
import { isDict, isPyInt } from "./values.js";

/** `repr(float)`: shortest round-trip digits, positional for 1e-4 <= |x| < 1e16, always a fraction. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  // In this range JS String() is positional with the same shortest digits: only ".0" may be missing.
  const magnitude = Math.abs(x);
  if (magnitude >= 1e-4 && magnitude < 1e16) {
    const text = String(x);
    return text.includes(".") ? text : text + ".0";
  }
  const [mantissa, exp] = x.toExponential().split("e");
  const e = Number(exp);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  const sign = negative ? "-" : "";
  if (e >= -4 && e < 16) {
    if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
    const whole = digits.slice(0, e + 1).padEnd(e + 1, "0");
    const frac = digits.slice(e + 1) || "0";
    return `${sign}${whole}.${frac}`;
  }
  const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${head}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
}

/** A JS number as Python prints it: ints (whole numbers below 2^64, see isPyInt) as digits, the rest as floats. */
export function pyNumberStr(x: number | bigint): string {
  if (typeof x === "bigint") return x.toString();
  // Below 2^64 < 1e21, String() writes every digit.
  if (isPyInt(x)) return String(x === 0 ? 0 : x);
  return pyFloatRepr(x);
}

/** Python `str(x)`. */
export function pyStr(x: unknown): string {
  if (typeof x === "string") return x;
  return pyRepr(x);
}

// Python 3.11 also escapes what Unicode 14 left unassigned, though the JS engine may know it.
const NON_PRINTABLE = new RegExp(`[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Co}\\p{Cn}\\p{Zl}\\p{Zp}\\p{Zs}${UNASSIGNED_IN_PY311}]`, "u");
// Printable ASCII without quotes or backslashes needs no escape; the Unicode test runs only otherwise.
const PLAIN_ASCII = /^[\x20\x21\x23-\x26\x28-\x5b\x5d-\x7e]*$/;
const NEEDS_ESCAPE = new RegExp(`[\\\\'"\\p{Cc}\\p{Cf}\\p{Cs}\\p{Co}\\p{Cn}\\p{Zl}\\p{Zp}\\p{Zs}${UNASSIGNED_IN_PY311}]`, "u");

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

/** `repr(str)`: single quotes unless the text has `'` and no `"`; Python's escapes. */
export function pyStringRepr(s: string): string {
  if (PLAIN_ASCII.test(s)) return "'" + s + "'";
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  if (!NEEDS_ESCAPE.test(s)) return quote + s + quote;
  let out = quote;
  for (const ch of s) {
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += "\\" + ch;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch !== " " && NON_PRINTABLE.test(ch)) {
      const code = ch.codePointAt(0) as number;
      out += code < 0x100 ? `\\x${hex(code, 2)}` : code < 0x10000 ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
    } else out += ch;
  }
  return out + quote;
}

/** A Python tuple, for building `repr` payloads: `new PyTuple([a, b])` prints `(a, b)`. */
export class PyTuple {
  constructor(readonly items: readonly unknown[]) {}
}

/** Python `repr(x)`. */
export function pyRepr(x: unknown): string {
  if (x === null || x === undefined) return "None";
  if (x === true) return "True";
  if (x === false) return "False";
  if (typeof x === "string") return pyStringRepr(x);
  if (typeof x === "number" || typeof x === "bigint") return pyNumberStr(x);
  if (Array.isArray(x)) return `[${x.map(pyRepr).join(", ")}]`;
  if (x instanceof PyTuple) {
    if (x.items.length === 1) return `(${pyRepr(x.items[0])},)`;
    return `(${x.items.map(pyRepr).join(", ")})`;
  }
  if (x instanceof Map) return `{${[...x].map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`).join(", ")}}`;
  if (x instanceof Set) return x.size ? `{${[...x].map(pyRepr).join(", ")}}` : "set()";
  if (isDict(x)) {
    const parts: string[] = [];
    for (const key in x) if (x[key] !== undefined) parts.push(`${pyStringRepr(key)}: ${pyRepr(x[key])}`);
    return `{${parts.join(", ")}}`;
  }
  return String(x);
}
