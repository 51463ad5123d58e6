/**
 * Where JSON text first goes wrong, for error messages: V8 names a position for some syntax
 * errors ("... in JSON at position 7") but not for others ("Unexpected token 'x', ..."), so on
 * the error path only we walk the text with a small validating scanner.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const n = text.length;
  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
      i++;
    }
  };
  const fail = (): never => {
    throw i;
  };
  const string = (): void => {
    i++; // opening quote
    for (;;) {
      if (i >= n) fail();
      const c = text.charCodeAt(i);
      if (c === 34) { i++; return; }
      if (c < 32) fail();
      if (c === 92) {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) { i++; fail(); }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else { i++; fail(); }
      } else i++;
    }
  };
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++; ws();
      if (text[i] === "}") { i++; return; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string(); ws();
        if (text[i] !== ":") fail();
        i++; value(); ws();
        if (text[i] === ",") { i++; continue; }
        if (text[i] === "}") { i++; return; }
        fail();
      }
    }
    if (c === "[") {
      i++; ws();
      if (text[i] === "]") { i++; return; }
      for (;;) {
        value(); ws();
        if (text[i] === ",") { i++; continue; }
        if (text[i] === "]") { i++; return; }
        fail();
      }
    }
    if (c === '"') {
      string();
      return;
    }
    const word = c === "t" ? "true" : c === "f" ? "false" : c === "n" ? "null" : "";
    if (word !== "") {
      // Point at the first wrong letter, where V8 says "Unexpected token".
      for (const letter of word) {
        if (text[i] !== letter) fail();
        i++;
      }
      return;
    }
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) { i = NUMBER.lastIndex; return; }
    fail();
  };
  try {
    value(); ws();
    return i < n ? i : -1;
  } catch (at) {
    if (typeof at === "number") return at;
    return -1; // stack overflow on absurd nesting: no position to give
  }
}

/** 1-based line and column (in UTF-16 code units) of an offset in text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let nl = text.indexOf("\n"); nl !== -1 && nl < offset; nl = text.indexOf("\n", nl + 1)) {
    line++;
    start = nl + 1;
  }
  return { line, column: offset - start + 1 };
}
