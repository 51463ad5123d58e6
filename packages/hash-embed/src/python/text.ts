/**
 * Python string semantics on JS strings: `str.isspace()`, `strip()`, `split()`, `lower()`, and
 * `len()`, slicing and `<` by code point.
 */
import { UNASSIGNED_IN_PY311 } from "./unicode.js";

// str.isspace() in CPython: includes \x1c-\x1f and \x85, excludes \ufeff.
const SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const LEADING = new RegExp(`^[${SPACE}]+`);
const TRAILING = new RegExp(`[${SPACE}]+$`);
const RUNS = new RegExp(`[${SPACE}]+`);

const ALL_SPACE = new RegExp(`^[${SPACE}]+$`);

/** `s.isspace()` */
export function isPySpace(s: string): boolean {
  return ALL_SPACE.test(s);
}

/** `s.strip()` */
export function pyStrip(s: string): string {
  // Most text has printable ASCII at both ends (never whitespace): skip the two regex passes.
  const last = s.length - 1;
  if (last < 0) return s;
  const a = s.charCodeAt(0);
  const b = s.charCodeAt(last);
  if (a > 0x20 && a < 0x7f && b > 0x20 && b < 0x7f) return s;
  return s.replace(LEADING, "").replace(TRAILING, "");
}

const NEWER = new RegExp(`[${UNASSIGNED_IN_PY311}]`, "u");
const AROUND_NEWER = new RegExp(`([${UNASSIGNED_IN_PY311}])`, "u");

/**
 * `s.lower()`: JS `toLowerCase()` has the same full mappings and final-sigma rule, but it also
 * lowercases letters added since Unicode 14 (U+1C89, U+A7CB ...), which Python 3.11 leaves as
 * they are. Those are cut out and kept; an unassigned character is neither cased nor
 * case-ignorable, so it ends a final-sigma context in Python exactly as a cut does here.
 */
export function pyLower(s: string): string {
  if (!NEWER.test(s)) return s.toLowerCase();
  return s
    .split(AROUND_NEWER)
    .map((piece, i) => (i % 2 === 1 ? piece : piece.toLowerCase()))
    .join("");
}

/** `s.split()`: runs of Python whitespace, empty pieces dropped. */
export function pySplit(s: string): string[] {
  const trimmed = pyStrip(s);
  return trimmed === "" ? [] : trimmed.split(RUNS);
}

// Printable ASCII words joined by single spaces: already collapsed except for case.
const COLLAPSED_ASCII = /^[!-~]+(?: [!-~]+)*$/;

/** `" ".join(s.lower().split())`: the whitespace- and case-insensitive form of a text. */
export function pyCollapse(s: string): string {
  if (COLLAPSED_ASCII.test(s)) return s.toLowerCase();
  return pySplit(pyLower(s)).join(" ");
}

const SURROGATE = /[\ud800-\udfff]/;

/** `len(s)`: code points, not UTF-16 units. */
export function pyLen(s: string): number {
  if (!SURROGATE.test(s)) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** `s[:end]` in code points. */
export function pyHead(s: string, end: number): string {
  if (!SURROGATE.test(s)) return s.slice(0, Math.max(0, end));
  let out = "";
  let n = 0;
  for (const ch of s) {
    if (n++ >= end) break;
    out += ch;
  }
  return out;
}

/** Python's `<` on strings: by code point (JS `<` compares UTF-16 units). */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // Only a surrogate against a unit >= 0xE000 orders differently; codePointAt settles it.
      return (a.codePointAt(i) as number) - (b.codePointAt(i) as number);
    }
  }
  return a.length - b.length;
}
