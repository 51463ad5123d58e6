/**
 * The one line reader: bytes in chunks into numbered lines, as Python's text mode reads them
 * (a line ends at `\n`, `\r\n` or a bare `\r`), holding only the current partial line. Every
 * reader of JSON Lines (files, stdin, dropped files, uploads) splits through here, so a file
 * reads the same whichever door it comes in by. Browser-safe: no Node built-ins.
 */

const LF = 0x0a;
const CR = 0x0d;

export interface Line {
  /** 1-based; blank lines count, so numbers match an editor's. */
  readonly number: number;
  /** The line without its line break; `undefined` when its bytes are not UTF-8. */
  readonly text: string | undefined;
}

export async function* readLines(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Line, number, undefined> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  let number = 0;
  const line = (bytes: Uint8Array): Line => {
    number++;
    let text: string | undefined;
    try {
      text = decoder.decode(bytes);
    } catch {
      text = undefined;
    }
    // Windows tools start files with a byte-order mark; it is not part of the first row.
    if (number === 1 && text !== undefined && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { number, text };
  };
  let pending: Uint8Array[] = []; // the current line's bytes from earlier chunks
  let afterCR = false; // the previous chunk ended with \r: a leading \n belongs to it
  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    let start = 0;
    if (afterCR && chunk[0] === LF) start = 1;
    afterCR = false;
    let lf = chunk.indexOf(LF, start);
    let cr = chunk.indexOf(CR, start);
    while (lf !== -1 || cr !== -1) {
      const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      const piece = chunk.subarray(start, end);
      const bytes = pending.length === 0 ? piece : concat([...pending, piece]);
      pending = [];
      start = end + 1;
      if (chunk[end] === CR) {
        if (start === chunk.length) afterCR = true;
        else if (chunk[start] === LF) start++;
      }
      if (lf !== -1 && lf < start) lf = chunk.indexOf(LF, start);
      if (cr !== -1 && cr < start) cr = chunk.indexOf(CR, start);
      yield line(bytes);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield line(concat(pending));
  return number;
}

/** Whether a line holds nothing but white space. */
export function isBlankLine(text: string): boolean {
  // A line that starts with printable ASCII (as every JSON line does) is told at once, uncopied.
  const head = text.charCodeAt(0);
  if (head > 0x20 && head < 0x7f) return false;
  return text.trim() === "";
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  let total = 0;
  for (const part of parts) total += part.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
