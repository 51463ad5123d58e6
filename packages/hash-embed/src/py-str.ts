/**
 * Python `str(x)` for the values a caller may hand the embedder instead of a string. Only
 * letters and digits of the result matter to the tokenizer, so this covers JSON-shaped values
 * (None, bools, int vs float, lists, dicts) without depending on @whileai/traces.
 */

/** `repr(float)`: shortest round-trip digits, positional for 1e-4 <= |x| < 1e16. */
function floatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exp] = x.toExponential().split("e");
  const e = Number(exp);
  const sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace("-", "").replace(".", "");
  if (e >= -4 && e < 16) {
    if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
    return `${sign}${digits.slice(0, e + 1).padEnd(e + 1, "0")}.${digits.slice(e + 1) || "0"}`;
  }
  const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${head}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
}

// Python repr escapes these as \xhh, \uhhhh or \Uhhhhhhhh (str.isprintable() is false).
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/gu;

function stringRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let body = s.replace(/\\/g, "\\\\");
  if (quote === "'") body = body.replace(/'/g, "\\'");
  body = body.replace(NON_PRINTABLE, (ch) => {
    if (ch === " ") return ch;
    if (ch === "\t") return "\\t";
    if (ch === "\n") return "\\n";
    if (ch === "\r") return "\\r";
    const code = ch.codePointAt(0) as number;
    if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
    if (code < 0x10000) return `\\u${code.toString(16).padStart(4, "0")}`;
    return `\\U${code.toString(16).padStart(8, "0")}`;
  });
  return quote + body + quote;
}

function repr(x: unknown): string {
  return typeof x === "string" ? stringRepr(x) : pyStr(x);
}

/** Python `str(x)`: a whole number prints as an int, any other number as a float. */
export function pyStr(x: unknown): string {
  if (typeof x === "string") return x;
  if (x === null || x === undefined) return "None";
  if (x === true) return "True";
  if (x === false) return "False";
  if (typeof x === "bigint") return x.toString();
  if (typeof x === "number") {
    if (!Number.isInteger(x)) return floatRepr(x);
    return Math.abs(x) < 1e21 ? String(x === 0 ? 0 : x) : BigInt(x).toString();
  }
  if (Array.isArray(x)) return `[${x.map(repr).join(", ")}]`;
  if (typeof x === "object") {
    const parts = Object.entries(x as Record<string, unknown>).map(([k, v]) => `${stringRepr(k)}: ${repr(v)}`);
    return `{${parts.join(", ")}}`;
  }
  return String(x);
}
