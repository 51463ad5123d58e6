/** Python string semantics on JS strings: code points, Unicode whitespace, code-point order. */
// isspace/strip/split/lower live in @whileai/hash-embed, whose leakage scan needs them too.
export { isPySpace, pyCollapse, pyLower, pySplit, pyStrip } from "@whileai/hash-embed";

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
