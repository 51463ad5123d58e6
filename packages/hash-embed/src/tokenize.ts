/**
 * The word tokens of the Python hash embedder (traces-helpers.md §1.2 steps 1–4): ASCII letter
 * runs and Unicode digit runs of the lowercased text, every digit run masked as "<num>", then
 * unigrams "w:word" followed by adjacent bigrams "b:a>b".
 */

// Python's `re.findall(r"[a-z]+|\d+", s)`: `\d` is the Unicode Nd class; letters are ASCII only.
// The class is spelled out as CPython 3.11 (Unicode 14.0, where the SDK's vectors were recorded)
// has it: `\p{Nd}` follows the JS engine's Unicode version, and Node 20 builds already count
// digits added since (Kawi, Nag Mundari, Garay...), so the same text hashed differently by runtime.
const ND_PY311 =
  String.raw`\u0030-\u0039\u0660-\u0669\u06f0-\u06f9\u07c0-\u07c9\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0ae6-\u0aef\u0b66-\u0b6f\u0be6-\u0bef\u0c66-\u0c6f\u0ce6-\u0cef\u0d66-\u0d6f\u0de6-\u0def\u0e50-\u0e59\u0ed0-\u0ed9\u0f20-\u0f29\u1040-\u1049\u1090-\u1099\u17e0-\u17e9\u1810-\u1819\u1946-\u194f\u19d0-\u19d9\u1a80-\u1a89\u1a90-\u1a99\u1b50-\u1b59\u1bb0-\u1bb9\u1c40-\u1c49\u1c50-\u1c59\ua620-\ua629\ua8d0-\ua8d9\ua900-\ua909\ua9d0-\ua9d9\ua9f0-\ua9f9\uaa50-\uaa59\uabf0-\uabf9\uff10-\uff19\u{104a0}-\u{104a9}\u{10d30}-\u{10d39}\u{11066}-\u{1106f}\u{110f0}-\u{110f9}\u{11136}-\u{1113f}\u{111d0}-\u{111d9}\u{112f0}-\u{112f9}\u{11450}-\u{11459}\u{114d0}-\u{114d9}\u{11650}-\u{11659}\u{116c0}-\u{116c9}\u{11730}-\u{11739}\u{118e0}-\u{118e9}\u{11950}-\u{11959}\u{11c50}-\u{11c59}\u{11d50}-\u{11d59}\u{11da0}-\u{11da9}\u{16a60}-\u{16a69}\u{16ac0}-\u{16ac9}\u{16b50}-\u{16b59}\u{1d7ce}-\u{1d7ff}\u{1e140}-\u{1e149}\u{1e2f0}-\u{1e2f9}\u{1e950}-\u{1e959}\u{1fbf0}-\u{1fbf9}`;
const WORD = new RegExp(`[a-z]+|[${ND_PY311}]+`, "gu");

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
