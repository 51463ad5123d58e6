/**
 * Which characters `json.dumps(x).lower()` can hold, as a set of ASCII characters (the text is
 * ASCII: json.dumps escapes the rest), found by walking `x` without writing the text. The set
 * may hold more than the text does, never less, so a needle with a character outside it is
 * surely not in the text. Argument provenance asks whether an argument occurs in the earlier
 * results' text; the answer is almost always no, and most of those noes are told by the set.
 */
import { isDict } from "@whileai/hash-embed/internal";

/** 128 bits, one per ASCII code, in four 32-bit words. */
export type AsciiSet = Int32Array;

export function asciiSet(): AsciiSet {
  return new Int32Array(4);
}

/** Empties the set (four stores: `fill` is a call into the engine, and this runs per row). */
export function clearSet(set: AsciiSet): void {
  set[0] = 0;
  set[1] = 0;
  set[2] = 0;
  set[3] = 0;
}

// A shift takes its count mod 32, so `1 << c` is the bit of `c` in its word.
function setOf(text: string): AsciiSet {
  const set = asciiSet();
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    set[c >>> 5] |= 1 << c;
  }
  return set;
}

function addSet(set: AsciiSet, other: AsciiSet): void {
  for (let i = 0; i < 4; i++) set[i] |= other[i];
}

// What the text has around values: brackets, quotes, separators.
const SYNTAX = setOf('{}[]": ,');
// An escape, lowercased: `\"`, `\\`, `\n` ... or `\u` and four hex digits.
const ESCAPE = setOf('\\"/bfnrtu0123456789abcdef');
// Numbers as json.dumps writes them (`-1.5e+300`, `Infinity`, `NaN`), and the literal words.
const NUMBER = setOf("0123456789.e+-infinitynan");
const WORDS = setOf("truefalsenull");
const ALL = Int32Array.of(-1, -1, -1, -1);

/** Adds to `set` every character `json.dumps(x, default=str).lower()` can hold, and maybe more. */
export function addDumpChars(set: AsciiSet, x: unknown): void {
  addSet(set, SYNTAX);
  addValue(set, x);
}

function addValue(set: AsciiSet, x: unknown): void {
  switch (typeof x) {
    case "string":
      addString(set, x);
      return;
    case "number":
    case "bigint":
      addSet(set, NUMBER);
      return;
    case "boolean":
    case "undefined":
      addSet(set, WORDS);
      return;
    case "object":
      if (x === null) addSet(set, WORDS);
      else if (Array.isArray(x)) for (const item of x) addValue(set, item);
      else if (isDict(x)) {
        for (const key in x) {
          addString(set, key);
          addValue(set, x[key]);
        }
      } else addSet(set, ALL); // a tuple, or a str() by default=str: not worth reading
      return;
    default:
      addSet(set, ALL);
  }
}

/** A string's characters as json.dumps writes them, lowercased: ASCII as is, the rest escaped. */
function addString(set: AsciiSet, s: string): void {
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
      addSet(set, ESCAPE);
      continue;
    }
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    set[c >>> 5] |= 1 << c;
  }
}

/** Whether every character of `needle` is in `set` (so a non-ASCII one never is). */
export function holdsAll(set: AsciiSet, needle: string): boolean {
  for (let i = 0; i < needle.length; i++) {
    const c = needle.charCodeAt(i);
    if (c > 0x7f || (set[c >>> 5] & (1 << c)) === 0) return false;
  }
  return true;
}
