/**
 * The Unicode character data CPython 3.11 has (Unicode 14.0, where the SDK's conformance vectors
 * were recorded), spelled out where it differs from the JS engine's. `\p{...}` classes follow the
 * engine's own Unicode version (Node 20.20 has 17.0), so digits assigned since 14.0 (Kawi, Garay)
 * would parse as Python 3.11 does not. Generated from CPython 3.11's `unicodedata`; the table of
 * characters Unicode 14.0 left unassigned (for `repr()` and `lower()`) is in @whileai/hash-embed.
 */

/** The decimal digits (category Nd) of Unicode 14.0: Python 3.11's `\d`, `str.isdecimal()` and `float()` digits. */
export const PY311_DIGITS = [
  String.raw`\u0030-\u0039\u0660-\u0669\u06f0-\u06f9\u07c0-\u07c9\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f`,
  String.raw`\u0ae6-\u0aef\u0b66-\u0b6f\u0be6-\u0bef\u0c66-\u0c6f\u0ce6-\u0cef\u0d66-\u0d6f\u0de6-\u0def`,
  String.raw`\u0e50-\u0e59\u0ed0-\u0ed9\u0f20-\u0f29\u1040-\u1049\u1090-\u1099\u17e0-\u17e9\u1810-\u1819`,
  String.raw`\u1946-\u194f\u19d0-\u19d9\u1a80-\u1a89\u1a90-\u1a99\u1b50-\u1b59\u1bb0-\u1bb9\u1c40-\u1c49`,
  String.raw`\u1c50-\u1c59\ua620-\ua629\ua8d0-\ua8d9\ua900-\ua909\ua9d0-\ua9d9\ua9f0-\ua9f9\uaa50-\uaa59`,
  String.raw`\uabf0-\uabf9\uff10-\uff19\u{104a0}-\u{104a9}\u{10d30}-\u{10d39}\u{11066}-\u{1106f}`,
  String.raw`\u{110f0}-\u{110f9}\u{11136}-\u{1113f}\u{111d0}-\u{111d9}\u{112f0}-\u{112f9}\u{11450}-\u{11459}`,
  String.raw`\u{114d0}-\u{114d9}\u{11650}-\u{11659}\u{116c0}-\u{116c9}\u{11730}-\u{11739}\u{118e0}-\u{118e9}`,
  String.raw`\u{11950}-\u{11959}\u{11c50}-\u{11c59}\u{11d50}-\u{11d59}\u{11da0}-\u{11da9}\u{16a60}-\u{16a69}`,
  String.raw`\u{16ac0}-\u{16ac9}\u{16b50}-\u{16b59}\u{1d7ce}-\u{1d7ff}\u{1e140}-\u{1e149}\u{1e2f0}-\u{1e2f9}`,
  String.raw`\u{1e950}-\u{1e959}\u{1fbf0}-\u{1fbf9}`,
].join("");
