/**
 * The Unicode character data CPython 3.11 has (Unicode 14.0, where the SDK's conformance vectors
 * were recorded), spelled out where it differs from the JS engine's. `\p{...}` classes follow the
 * engine's own Unicode version (Node 20.20 has 17.0), so characters assigned since 14.0 (new
 * emoji, new Latin letters, digits such as Kawi's) would print, lowercase and parse as Python 3.11
 * does not. Generated from CPython 3.11's `unicodedata`.
 */

/**
 * Code points unassigned (category Cn) in Unicode 14.0 that a Unicode 17.0 engine assigns, as a
 * regex character-class body for the `u` flag. Python 3.11 escapes them in `repr()` and leaves
 * them as they are in `lower()`; use with `\p{Cn}` for the ones still unassigned.
 */
export const UNASSIGNED_IN_PY311 = [
  String.raw`\u088f\u0897\u0c5c\u0cdc\u0cf3\u0ece\u1acf-\u1add\u1ae0-\u1aeb\u1b4e-\u1b4f\u1b7f\u1c89-\u1c8a\u20c1`,
  String.raw`\u2427-\u2429\u2b96\u2ffc-\u2fff\u31e4-\u31e5\u31ef\ua7cb-\ua7cf\ua7d2\ua7d4\ua7da-\ua7dc\ua7f1`,
  String.raw`\ufbc3-\ufbd2\ufd90-\ufd91\ufdc8-\ufdce\u{105c0}-\u{105f3}\u{10940}-\u{10959}\u{10d40}-\u{10d65}`,
  String.raw`\u{10d69}-\u{10d85}\u{10d8e}-\u{10d8f}\u{10ec2}-\u{10ec7}\u{10ed0}-\u{10ed8}\u{10efa}-\u{10eff}`,
  String.raw`\u{1123f}-\u{11241}\u{11380}-\u{11389}\u{1138b}\u{1138e}\u{11390}-\u{113b5}\u{113b7}-\u{113c0}`,
  String.raw`\u{113c2}\u{113c5}\u{113c7}-\u{113ca}\u{113cc}-\u{113d5}\u{113d7}-\u{113d8}\u{113e1}-\u{113e2}`,
  String.raw`\u{116d0}-\u{116e3}\u{11b00}-\u{11b09}\u{11b60}-\u{11b67}\u{11bc0}-\u{11be1}\u{11bf0}-\u{11bf9}`,
  String.raw`\u{11db0}-\u{11ddb}\u{11de0}-\u{11de9}\u{11f00}-\u{11f10}\u{11f12}-\u{11f3a}\u{11f3e}-\u{11f5a}`,
  String.raw`\u{1342f}\u{13439}-\u{13455}\u{13460}-\u{143fa}\u{16100}-\u{16139}\u{16d40}-\u{16d79}`,
  String.raw`\u{16ea0}-\u{16eb8}\u{16ebb}-\u{16ed3}\u{16ff2}-\u{16ff6}\u{187f8}-\u{187ff}\u{18cff}`,
  String.raw`\u{18d09}-\u{18d1e}\u{18d80}-\u{18df2}\u{1b132}\u{1b155}\u{1cc00}-\u{1ccfc}\u{1cd00}-\u{1ceb3}`,
  String.raw`\u{1ceba}-\u{1ced0}\u{1cee0}-\u{1cef0}\u{1d2c0}-\u{1d2d3}\u{1df25}-\u{1df2a}\u{1e030}-\u{1e06d}`,
  String.raw`\u{1e08f}\u{1e4d0}-\u{1e4f9}\u{1e5d0}-\u{1e5fa}\u{1e5ff}\u{1e6c0}-\u{1e6de}\u{1e6e0}-\u{1e6f5}`,
  String.raw`\u{1e6fe}-\u{1e6ff}\u{1f6d8}\u{1f6dc}\u{1f774}-\u{1f77f}\u{1f7d9}\u{1f8b2}-\u{1f8bb}`,
  String.raw`\u{1f8c0}-\u{1f8c1}\u{1f8d0}-\u{1f8d8}\u{1fa54}-\u{1fa57}\u{1fa75}-\u{1fa77}\u{1fa87}-\u{1fa8a}`,
  String.raw`\u{1fa8e}-\u{1fa8f}\u{1faad}-\u{1faaf}\u{1fabb}-\u{1fabf}\u{1fac6}\u{1fac8}\u{1facd}-\u{1facf}`,
  String.raw`\u{1fada}-\u{1fadc}\u{1fadf}\u{1fae8}-\u{1faea}\u{1faef}\u{1faf7}-\u{1faf8}\u{1fbcb}-\u{1fbef}`,
  String.raw`\u{1fbfa}\u{2b739}-\u{2b73f}\u{2cea2}-\u{2cead}\u{2ebf0}-\u{2ee5d}\u{31350}-\u{33479}`,
].join("");

/** The decimal digits (category Nd) of Unicode 14.0: Python 3.11's `\d`, `str.isdecimal()`, `int()` and `float()` digits. */
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

const DIGIT = new RegExp(`[${PY311_DIGITS}]`, "u");
const DIGITS = new RegExp(`[${PY311_DIGITS}]`, "gu");

/** `s` with every Unicode 14 decimal digit as its ASCII 0-9, as `int()` and `float()` read them. */
export function asciiDigits(s: string): string {
  // Nd digits come in runs of whole 0-9 blocks, so a digit's value is its offset from the run's start mod 10.
  return s.replace(DIGITS, (d) => {
    const code = d.codePointAt(0) as number;
    let start = code;
    while (DIGIT.test(String.fromCodePoint(start - 1))) start--;
    return String((code - start) % 10);
  });
}
