/** Python `json.dumps` (default separators, ensure_ascii) and `json.loads` (NaN/Infinity allowed). */
import { pyFloatRepr, pyNumberStr, pyStr, PyTuple } from "./repr.js";
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

/** Raised where Python's `json.loads` raises; every caller in this port catches it. */
export class PyJsonError extends Error {
  override name = "PyJsonError";
}

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
    return new LenientParser(text).parseDocument();
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

const JSON_SPACE = /[ \t\n\r]/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Standard JSON plus the bare tokens NaN, Infinity and -Infinity, as Python reads them. */
class LenientParser {
  private at = 0;
  constructor(private readonly text: string) {}

  parseDocument(): unknown {
    const value = this.value();
    this.space();
    if (this.at !== this.text.length) this.fail("extra data");
    return value;
  }

  private fail(what: string): never {
    throw new PyJsonError(`${what} at char ${this.at}`);
  }

  private space(): void {
    while (this.at < this.text.length && JSON_SPACE.test(this.text[this.at])) this.at++;
  }

  private literal(word: string, value: unknown): unknown {
    if (!this.text.startsWith(word, this.at)) this.fail("expecting value");
    this.at += word.length;
    return value;
  }

  private value(): unknown {
    this.space();
    const ch = this.text[this.at];
    if (ch === "{") return this.object();
    if (ch === "[") return this.array();
    if (ch === '"') return this.string();
    if (ch === "t") return this.literal("true", true);
    if (ch === "f") return this.literal("false", false);
    if (ch === "n") return this.literal("null", null);
    if (ch === "N") return this.literal("NaN", NaN);
    if (ch === "I") return this.literal("Infinity", Infinity);
    if (ch === "-" && this.text.startsWith("-Infinity", this.at)) return this.literal("-Infinity", -Infinity);
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (!match) this.fail("expecting value");
    this.at += match[0].length;
    return Number(match[0]);
  }

  private string(): string {
    const start = this.at;
    this.at++;
    while (this.at < this.text.length) {
      const ch = this.text[this.at];
      if (ch === '"') {
        this.at++;
        return JSON.parse(this.text.slice(start, this.at)) as string;
      }
      this.at += ch === "\\" ? 2 : 1;
    }
    return this.fail("unterminated string");
  }

  private array(): unknown[] {
    const out: unknown[] = [];
    this.at++;
    this.space();
    if (this.text[this.at] === "]") {
      this.at++;
      return out;
    }
    for (;;) {
      out.push(this.value());
      this.space();
      const ch = this.text[this.at++];
      if (ch === "]") return out;
      if (ch !== ",") this.fail("expecting ',' delimiter");
    }
  }

  private object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.at++;
    this.space();
    if (this.text[this.at] === "}") {
      this.at++;
      return out;
    }
    for (;;) {
      this.space();
      if (this.text[this.at] !== '"') this.fail("expecting property name");
      const key = this.string();
      this.space();
      if (this.text[this.at++] !== ":") this.fail("expecting ':' delimiter");
      // defineProperty keeps a "__proto__" key as data, as JSON.parse does.
      Object.defineProperty(out, key, { value: this.value(), enumerable: true, writable: true, configurable: true });
      this.space();
      const ch = this.text[this.at++];
      if (ch === "}") return out;
      if (ch !== ",") this.fail("expecting ',' delimiter");
    }
  }
}
