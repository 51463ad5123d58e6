/**
 * `/:\s*-?\d{16}/.test(text)` without the regex: on a 100 MB export the regex stops at every
 * colon, while this looks at every 16th character only. Any run of 16 digits covers exactly one
 * index that is a multiple of 16, so a digit there is the only place such a run can be; the
 * run's start is then walked back over an optional `-` and whitespace to a colon.
 */
export function hasBareLongNumber(text: string): boolean {
  const n = text.length;
  for (let i = 0; i < n; i += 16) {
    if (!isDigit(text.charCodeAt(i))) continue;
    let start = i;
    while (start > 0 && isDigit(text.charCodeAt(start - 1))) start--;
    let end = i + 1;
    while (end < n && isDigit(text.charCodeAt(end))) end++;
    if (end - start >= 16 && afterColon(text, start)) return true;
    // Go on at the first sample at or past the run's end (the loop adds the 16), so a long run is walked once.
    i = Math.ceil(end / 16) * 16 - 16;
  }
  return false;
}

/** The characters before `start` are `:`, then any whitespace, then an optional `-`. */
function afterColon(text: string, start: number): boolean {
  let p = start - 1;
  if (p >= 0 && text.charCodeAt(p) === 45 /* - */) p--;
  while (p >= 0 && isSpace(text.charCodeAt(p))) p--;
  return p >= 0 && text.charCodeAt(p) === 58 /* : */;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The regex `\s`: ECMAScript WhiteSpace and LineTerminator. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
