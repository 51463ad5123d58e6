import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pyJsonDumps, pyJsonString } from "./json.js";
import { pyFloatRepr, pyNumberStr, pyStr, PyTuple } from "./repr.js";
import { isDict } from "./values.js";

// The oracle: pyJsonDumps as it was before it was made fast (escapes per character, a string
// returned per value). The fast one must write exactly what this one writes for every value.
const OLD_SHORT_ESCAPES: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };
const OLD_NEEDS_ESCAPE = /[^\x20-\x7e]|["\\]/;

function oldPyJsonString(s: string): string {
  if (!OLD_NEEDS_ESCAPE.test(s)) return `"${s}"`;
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    const code = s.charCodeAt(i);
    if (OLD_SHORT_ESCAPES[ch]) out += OLD_SHORT_ESCAPES[ch];
    else if (code < 0x20 || code > 0x7e) out += "\\u" + code.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

function oldPyJsonDumps(x: unknown): string {
  if (x === null || x === undefined) return "null";
  if (x === true) return "true";
  if (x === false) return "false";
  if (typeof x === "string") return oldPyJsonString(x);
  if (typeof x === "bigint") return x.toString();
  if (typeof x === "number") {
    if (Number.isNaN(x)) return "NaN";
    if (x === Infinity) return "Infinity";
    if (x === -Infinity) return "-Infinity";
    return Number.isInteger(x) ? pyNumberStr(x) : pyFloatRepr(x);
  }
  if (Array.isArray(x) || x instanceof PyTuple) {
    const items = Array.isArray(x) ? x : x.items;
    let out = "[";
    for (let i = 0; i < items.length; i++) out += (i > 0 ? ", " : "") + oldPyJsonDumps(items[i]);
    return out + "]";
  }
  if (isDict(x)) {
    let out = "{";
    let first = true;
    for (const key in x) {
      const value = x[key];
      if (value === undefined) continue;
      out += (first ? "" : ", ") + oldPyJsonString(key) + ": " + oldPyJsonDumps(value);
      first = false;
    }
    return out + "}";
  }
  return oldPyJsonString(pyStr(x));
}

// Strings: whole code points (astral ones become pairs), any single UTF-16 unit (lone
// surrogates), and a mix weighted to the characters with their own escapes.
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const tricky = fc.constantFrom('"', "\\", "\n", "\r", "\t", "\b", "\f", "\x00", "\x1f", "\x7e", "\x7f", "\x80", "é", "\u2028", "\ud800", "\udfff", "😀", "a", " ", "/");
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: anyUnit, maxLength: 30 }),
  fc.string({ unit: fc.oneof(tricky, fc.constantFrom("x", "y", "z")), maxLength: 30 }),
  fc.string({ maxLength: 12 }),
);
const numbers = fc.oneof(
  fc.double(), // NaN, ±Infinity, ±0, subnormals, the extremes
  fc.double({ min: -1e-3, max: 1e-3 }),
  fc.integer(),
  fc.integer({ min: -1000, max: 1000 }).map((offset) => 2 ** 53 + offset),
  fc.integer({ min: -1000, max: 1000 }).map((offset) => -(2 ** 53) + offset),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e-4, -1e-4, 9.999999999999999e-5, 1e16, 1e16 + 2, 1e21, -1e21, 1e21 - 65536, 1e22, 0.1, 1e-7, 5e-324, 1.7976931348623157e308),
  fc.bigInt(),
);
const others = fc.constantFrom<unknown>(undefined, new Map([["k", 1]]), new Set([1]), new Date(0), Symbol("s"), () => 1, new String("boxed"), Object.create({ inherited: 1 }));

const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    numbers,
    fc.constantFrom(null, true, false),
    others,
    fc.array(tie("value"), { maxLength: 5 }),
    fc.array(tie("value"), { maxLength: 3 }).map((items) => new PyTuple(items)),
    // Null-prototype dicts too; keys from the same strings, "__proto__" and integer-like ones included.
    fc.dictionary(fc.oneof(text, fc.constantFrom("__proto__", "0", "10", "constructor")), tie("value"), { maxKeys: 5, noNullPrototype: false }),
  ),
}));

describe("pyJsonDumps against the per-character implementation it replaced", () => {
  it("writes the same text for arbitrary values", () => {
    fc.assert(
      fc.property(value, (x) => {
        expect(pyJsonDumps(x)).toBe(oldPyJsonDumps(x));
      }),
      { numRuns: 20_000 },
    );
  });

  it("escapes every UTF-16 code unit as Python does", () => {
    let all = "";
    for (let code = 0; code <= 0xffff; code++) all += String.fromCharCode(code);
    expect(pyJsonString(all)).toBe(oldPyJsonString(all));
    // A key cached on first use dumps the same the second time.
    expect(pyJsonDumps({ [all.slice(0, 40)]: 1 })).toBe(pyJsonDumps({ [all.slice(0, 40)]: 1 }));
  });

  it("leaves an outer dump intact when a getter dumps while it is being written", () => {
    const row = {
      a: [1, "é"],
      get b() {
        return pyJsonDumps({ inner: [2.5, "\n"] });
      },
      c: null,
    };
    expect(pyJsonDumps(row)).toBe('{"a": [1, "\\u00e9"], "b": "{\\"inner\\": [2.5, \\"\\\\n\\"]}", "c": null}');
    expect(pyJsonDumps(row)).toBe(oldPyJsonDumps(row));
  });

  it("keeps the text written before a value that throws out of later dumps", () => {
    const bad = {
      a: "kept out",
      get b(): unknown {
        throw new Error("getter failed");
      },
    };
    expect(() => pyJsonDumps(bad)).toThrow("getter failed");
    expect(pyJsonDumps([1])).toBe("[1]");
  });
});
