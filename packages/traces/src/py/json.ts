/** Python `json.dumps` (default separators, ensure_ascii) and `json.loads` (NaN/Infinity allowed). */
import { pyFloatRepr, pyNumberStr, pyStr, PyTuple } from "./repr.js";
import { PyJsonError } from "./json-error.js";
import { readJson, type JsonBuilder } from "./json-reader.js";
import { isDict } from "./values.js";

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };
const NEEDS_ESCAPE = /[^\x20-\x7e]|["\\]/;

/** A JSON string literal, pure ASCII, `\uXXXX` lowercase (UTF-16 units, so astral chars become pairs). */
export function pyJsonString(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    const code = s.charCodeAt(i);
    if (SHORT_ESCAPES[ch]) out += SHORT_ESCAPES[ch];
    else if (code < 0x20 || code > 0x7e) out += "\\u" + code.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

/** `json.dumps(x, default=str)`. */
export function pyJsonDumps(x: unknown): string {
  if (x === null || x === undefined) return "null";
  if (x === true) return "true";
  if (x === false) return "false";
  if (typeof x === "string") return pyJsonString(x);
  if (typeof x === "bigint") return x.toString();
  if (typeof x === "number") {
    if (Number.isNaN(x)) return "NaN";
    if (x === Infinity) return "Infinity";
    if (x === -Infinity) return "-Infinity";
    return Number.isInteger(x) ? pyNumberStr(x) : pyFloatRepr(x);
  }
  // Containers append to one string rather than joining arrays: results are dumped per row.
  if (Array.isArray(x) || x instanceof PyTuple) {
    const items = Array.isArray(x) ? x : x.items;
    let out = "[";
    for (let i = 0; i < items.length; i++) out += (i > 0 ? ", " : "") + pyJsonDumps(items[i]);
    return out + "]";
  }
  if (isDict(x)) {
    let out = "{";
    let first = true;
    for (const key in x) {
      const value = x[key];
      if (value === undefined) continue;
      out += (first ? "" : ", ") + pyJsonString(key) + ": " + pyJsonDumps(value);
      first = false;
    }
    return out + "}";
  }
  return pyJsonString(pyStr(x));
}

export { PyJsonError };

const NON_FINITE = /NaN|Infinity/;

/**
 * `json.loads(text)`. Native JSON.parse does the work; only text that mentions NaN or Infinity
 * (which JSON.parse rejects and Python accepts) goes through the small parser below.
 */
export function pyJsonLoads(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!NON_FINITE.test(text)) throw new PyJsonError(String((error as Error).message));
    return readJson(text, VALUES);
  }
}

/** `json.loads` that answers `fallback` instead of raising. */
export function pyJsonLoadsOr<T>(text: string, fallback: T): unknown {
  try {
    return pyJsonLoads(text);
  } catch {
    return fallback;
  }
}

const WORD_VALUES: Record<string, unknown> = { true: true, false: false, null: null, NaN: NaN, Infinity: Infinity, "-Infinity": -Infinity };

/** Builds JS values as JSON.parse would, plus the non-finite words. */
const VALUES: JsonBuilder<unknown> = {
  number: (literal) => Number(literal),
  string: (value) => value,
  word: (word) => WORD_VALUES[word],
  array: (items) => items,
  // Object.fromEntries defines a "__proto__" key as data, as JSON.parse does.
  object: (entries) => Object.fromEntries(entries),
};

/**
 * Python's `json.dumps(json.loads(text))`, straight from the text. Parsing into JS numbers
 * forgets that `298.0` was a float (Python dumps it back as `298.0`) and rounds integers past
 * 2^53; writing each literal by its kind keeps the text Python would write.
 */
export function pyJsonRedump(text: string): string {
  return readJson(text, DUMPS);
}

const DUMPS: JsonBuilder<string> = {
  number(literal) {
    if (!/[.eE]/.test(literal)) return BigInt(literal).toString(); // an int: exact, and "-0" is 0
    const x = Number(literal);
    return x === Infinity ? "Infinity" : x === -Infinity ? "-Infinity" : pyFloatRepr(x);
  },
  string: (value) => pyJsonString(value),
  word: (word) => word,
  array: (items) => `[${items.join(", ")}]`,
  object: (entries) => `{${Array.from(entries, ([key, value]) => `${pyJsonString(key)}: ${value}`).join(", ")}}`,
};
