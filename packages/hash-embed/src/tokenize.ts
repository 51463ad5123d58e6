/**
 * The word tokens of the Python hash embedder (traces-helpers.md §1.2 steps 1–4): ASCII letter
 * runs and Unicode digit runs of the lowercased text, every digit run masked as "<num>", then
 * unigrams "w:word" followed by adjacent bigrams "b:a>b".
 */

import { PY311_DIGITS } from "./python/unicode.js";

// Python's `re.findall(r"[a-z]+|\d+", s)`: `\d` is the Unicode Nd class; letters are ASCII only.
// The class is spelled out as CPython 3.11 (Unicode 14.0, where the SDK's vectors were recorded)
// has it: `\p{Nd}` follows the JS engine's Unicode version, and Node 20 builds already count
// digits added since (Kawi, Nag Mundari, Garay...), so the same text hashed differently by runtime.
const WORD = new RegExp(`[a-z]+|[${PY311_DIGITS}]+`, "gu");

/** Texts that differ only in their numbers share one vector: every digit run is this word. */
export const NUM = "<num>";

/** The words of a text: `[a-z]+` runs and digit runs (masked as `<num>`) of `text.lower()`. */
export function words(text: string): string[] {
  const lowered = text.toLowerCase();
  const out: string[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(lowered); m !== null; m = WORD.exec(lowered)) {
    const word = m[0];
    // Every \d+ match satisfies isdigit(); a letter run starts with a-z (code 0x61..0x7a).
    const first = word.charCodeAt(0);
    out.push(first >= 0x61 && first <= 0x7a ? word : NUM);
  }
  return out;
}

/** The hashed tokens of a text, in Python's order: all unigrams, then all bigrams. */
export function tokenize(text: string): string[] {
  const ws = words(text);
  const tokens: string[] = new Array(ws.length === 0 ? 0 : 2 * ws.length - 1);
  for (let i = 0; i < ws.length; i++) tokens[i] = "w:" + ws[i];
  for (let i = 1; i < ws.length; i++) tokens[ws.length + i - 1] = "b:" + ws[i - 1] + ">" + ws[i];
  return tokens;
}
