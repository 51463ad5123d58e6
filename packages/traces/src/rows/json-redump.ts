/**
 * Python's `json.dumps(json.loads(text))`, straight from the text. Parsing into JS numbers
 * forgets that `298.0` was a float (Python dumps it back as `298.0`, we would write `298`) and
 * rounds integers past 2^53; this reader keeps each number's literal kind, so an errored tool
 * result's `error` text reads exactly as Python's.
 */
import { pyFloatRepr, pyJsonString, PyJsonError } from "../py/index.js";

/** A scalar already in its dumped form, a list, or a dict (a Map keeps Python's duplicate-key rule). */
type Node = string | Node[] | Map<string, Node>;

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/** `json.dumps(json.loads(text))`; throws PyJsonError where `json.loads` raises. */
export function pyJsonRedump(text: string): string {
  const reader = new Reader(text);
  const node = reader.value();
  reader.space();
  if (reader.at !== text.length) throw new PyJsonError(`extra data at char ${reader.at}`);
  return dump(node);
}

function dump(node: Node): string {
  if (typeof node === "string") return node;
  if (Array.isArray(node)) return `[${node.map(dump).join(", ")}]`;
  const parts: string[] = [];
  for (const [key, value] of node) parts.push(`${pyJsonString(key)}: ${dump(value)}`);
  return `{${parts.join(", ")}}`;
}

class Reader {
  at = 0;
  constructor(private readonly text: string) {}

  space(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.at);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      this.at++;
    }
  }

  private fail(): never {
    throw new PyJsonError(`expecting value at char ${this.at}`);
  }

  private word(word: string, dumped: string): string {
    if (!this.text.startsWith(word, this.at)) this.fail();
    this.at += word.length;
    return dumped;
  }

  private string(): string {
    STRING.lastIndex = this.at;
    const match = STRING.exec(this.text);
    if (!match) this.fail();
    this.at += match[0].length;
    return JSON.parse(match[0]) as string;
  }

  value(): Node {
    this.space();
    const ch = this.text[this.at];
    if (ch === '"') return pyJsonString(this.string());
    if (ch === "[") return this.array();
    if (ch === "{") return this.object();
    if (ch === "t") return this.word("true", "true");
    if (ch === "f") return this.word("false", "false");
    if (ch === "n") return this.word("null", "null");
    if (ch === "N") return this.word("NaN", "NaN");
    if (ch === "I") return this.word("Infinity", "Infinity");
    if (this.text.startsWith("-Infinity", this.at)) return this.word("-Infinity", "-Infinity");
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (!match) this.fail();
    this.at += match[0].length;
    if (match[1] === undefined && match[2] === undefined) return BigInt(match[0]).toString(); // int: exact, "-0" is 0
    const x = Number(match[0]);
    return x === Infinity ? "Infinity" : x === -Infinity ? "-Infinity" : pyFloatRepr(x);
  }

  private array(): Node[] {
    const out: Node[] = [];
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
      if (ch !== ",") this.fail();
    }
  }

  private object(): Map<string, Node> {
    const out = new Map<string, Node>();
    this.at++;
    this.space();
    if (this.text[this.at] === "}") {
      this.at++;
      return out;
    }
    for (;;) {
      this.space();
      if (this.text[this.at] !== '"') this.fail();
      const key = this.string();
      this.space();
      if (this.text[this.at++] !== ":") this.fail();
      out.set(key, this.value()); // a repeated key keeps its first position and takes the last value
      this.space();
      const ch = this.text[this.at++];
      if (ch === "}") return out;
      if (ch !== ",") this.fail();
    }
  }
}
