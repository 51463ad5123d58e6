/**
 * One recursive-descent reader of Python's JSON dialect (standard JSON plus the bare tokens NaN,
 * Infinity and -Infinity), building values through a small set of hooks. `pyJsonLoads` uses it
 * to build JS values where JSON.parse refuses the text; `pyJsonRedump` uses it to write Python's
 * `json.dumps` of the text without losing what JS numbers forget (`2.0`, ints past 2^53).
 */
import { PyJsonError } from "./json-error.js";

export interface JsonBuilder<T> {
  /** A number literal exactly as written (`-0`, `2.0`, `1E+2`). */
  number(literal: string): T;
  string(value: string): T;
  /** `true`, `false`, `null`, `NaN`, `Infinity` or `-Infinity`. */
  word(word: string): T;
  array(items: T[]): T;
  /** Entries in first-seen key order; a repeated key already holds its last value. */
  object(entries: Map<string, T>): T;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const WORDS = ["true", "false", "null", "NaN", "Infinity", "-Infinity"];

/** The whole text as one JSON value, surrounding whitespace allowed; throws PyJsonError otherwise. */
export function readJson<T>(text: string, builder: JsonBuilder<T>): T {
  const reader = new Reader(text, builder);
  const value = reader.value();
  reader.space();
  if (reader.at !== text.length) throw new PyJsonError(`extra data at char ${reader.at}`);
  return value;
}

class Reader<T> {
  at = 0;
  constructor(
    private readonly text: string,
    private readonly build: JsonBuilder<T>,
  ) {}

  space(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.at);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      this.at++;
    }
  }

  private fail(what = "expecting value"): never {
    throw new PyJsonError(`${what} at char ${this.at}`);
  }

  private string(): string {
    STRING.lastIndex = this.at;
    const match = STRING.exec(this.text);
    if (!match) this.fail("invalid string");
    this.at += match[0].length;
    return JSON.parse(match[0]) as string;
  }

  value(): T {
    this.space();
    const ch = this.text[this.at];
    if (ch === '"') return this.build.string(this.string());
    if (ch === "[") return this.array();
    if (ch === "{") return this.object();
    for (const word of WORDS) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return this.build.word(word);
      }
    }
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (!match) this.fail();
    this.at += match[0].length;
    return this.build.number(match[0]);
  }

  private array(): T {
    const items: T[] = [];
    this.at++;
    this.space();
    if (this.text[this.at] === "]") {
      this.at++;
      return this.build.array(items);
    }
    for (;;) {
      items.push(this.value());
      this.space();
      const ch = this.text[this.at++];
      if (ch === "]") return this.build.array(items);
      if (ch !== ",") this.fail("expecting ',' delimiter");
    }
  }

  private object(): T {
    const entries = new Map<string, T>();
    this.at++;
    this.space();
    if (this.text[this.at] === "}") {
      this.at++;
      return this.build.object(entries);
    }
    for (;;) {
      this.space();
      if (this.text[this.at] !== '"') this.fail("expecting property name");
      const key = this.string();
      this.space();
      if (this.text[this.at++] !== ":") this.fail("expecting ':' delimiter");
      entries.set(key, this.value()); // a repeated key keeps its first position and takes the last value
      this.space();
      const ch = this.text[this.at++];
      if (ch === "}") return this.build.object(entries);
      if (ch !== ",") this.fail("expecting ',' delimiter");
    }
  }
}
