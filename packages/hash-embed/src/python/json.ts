/** Python `json.dumps` (default separators, ensure_ascii) and `json.loads` (NaN/Infinity allowed). */
import { pyFloatRepr, pyNumberStr, pyStr, PyTuple } from "./repr.js";
import { PyJsonError } from "./json-error.js";
import { readJson, type JsonBuilder } from "./json-reader.js";
import { isDict, isPyInt, type Dict } from "./values.js";

const HEX = "0123456789abcdef";
// What Python writes for each ASCII code unit that needs an escape (ensure_ascii escapes \x7f too).
const ASCII_ESCAPES: string[] = [];
for (let code = 0; code < 0x20; code++) ASCII_ESCAPES[code] = "\\u00" + HEX[code >> 4] + HEX[code & 15];
Object.assign(ASCII_ESCAPES, { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r", 34: '\\"', 92: "\\\\", 127: "\\u007f" });
const NEEDS_ESCAPE = /[^\x20-\x7e]|["\\]/;

/** A JSON string literal, pure ASCII, `\uXXXX` lowercase (UTF-16 units, so astral chars become pairs). */
export function pyJsonString(s: string): string {
  const first = s.search(NEEDS_ESCAPE);
  return first < 0 ? '"' + s + '"' : escapeFrom(s, first);
}

/** `s` quoted and escaped from index `first`, the first code unit that needs it; the runs between escapes are copied as slices. */
function escapeFrom(s: string, first: number): string {
  let out = '"' + s.slice(0, first);
  let copied = first;
  for (let i = first; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code >= 0x20 && code < 0x7f && code !== 34 && code !== 92) continue;
    const escaped = code <= 0x7f ? ASCII_ESCAPES[code] : "\\u" + HEX[code >> 12] + HEX[(code >> 8) & 15] + HEX[(code >> 4) & 15] + HEX[code & 15];
    out += s.slice(copied, i) + escaped;
    copied = i + 1;
  }
  return out + s.slice(copied) + '"';
}

// Rows repeat their keys: each key's `"key": ` is made once. Bounded, so odd data cannot grow it without end.
const KEY_PREFIXES = new Map<string, string>();
const MAX_CACHED_KEYS = 4096;
const MAX_CACHED_KEY_LENGTH = 64;

function keyPrefix(key: string): string {
  let prefix = KEY_PREFIXES.get(key);
  if (prefix === undefined) {
    prefix = pyJsonString(key) + ": ";
    if (key.length <= MAX_CACHED_KEY_LENGTH) {
      if (KEY_PREFIXES.size >= MAX_CACHED_KEYS) KEY_PREFIXES.clear();
      KEY_PREFIXES.set(key, prefix);
    }
  }
  return prefix;
}

/** A number as `json.dumps` writes it: ints (see isPyInt) as digits, the rest as `repr(float)`; NaN and the infinities as Python's words. */
function pyJsonNumber(x: number): string {
  if (isPyInt(x)) return pyNumberStr(x);
  // Here String() already is repr(float): positional, with a fraction (pyFloatRepr's own fast range).
  if ((x >= 1e-4 && x < 1e16) || (x <= -1e-4 && x > -1e16)) return String(x);
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  return Number.isNaN(x) ? "NaN" : pyFloatRepr(x);
}

// The text being written: one growing string, appended to, not a string returned per value.
let out = "";

/** `json.dumps(x, default=str)`. */
export function pyJsonDumps(x: unknown): string {
  // Saved and restored, so a dump that runs while another is being written (from a getter) leaves it intact.
  const outer = out;
  out = "";
  try {
    write(x);
    return out;
  } finally {
    out = outer;
  }
}

function write(x: unknown): void {
  switch (typeof x) {
    case "string":
      out += pyJsonString(x);
      return;
    case "number":
      out += pyJsonNumber(x);
      return;
    case "boolean":
      out += x ? "true" : "false";
      return;
    case "undefined":
      out += "null";
      return;
    case "bigint":
      out += x.toString();
      return;
    case "object":
      if (x === null) out += "null";
      else if (Array.isArray(x)) writeList(x);
      else if (x instanceof PyTuple) writeList(x.items);
      else if (isDict(x)) writeDict(x);
      else out += pyJsonString(pyStr(x)); // default=str: a Map, a Date, a class instance
      return;
    default:
      out += pyJsonString(pyStr(x)); // a function or a symbol
  }
}

function writeList(items: readonly unknown[]): void {
  out += "[";
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ", ";
    write(items[i]);
  }
  out += "]";
}

function writeDict(dict: Dict): void {
  out += "{";
  let separator = "";
  for (const key in dict) {
    const value = dict[key];
    if (value === undefined) continue;
    out += separator + keyPrefix(key);
    write(value);
    separator = ", ";
  }
  out += "}";
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
