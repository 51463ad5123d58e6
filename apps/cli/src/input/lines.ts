/**
 * JSON Lines from a chunk stream: each line's text with its 1-based number, blank lines included
 * in the count (so numbers match an editor's), only the current partial line held in memory.
 */

const LF = 0x0a;
const CR = 0x0d;

export interface Line {
  /** 1-based. */
  number: number;
  /** The line without its `\n` / `\r\n`; `undefined` when the bytes are not UTF-8. */
  text: string | undefined;
}

export async function* readLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Line> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  let number = 0;
  let pending: Uint8Array[] = [];
  const line = (bytes: Uint8Array): Line => {
    number++;
    const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
    let text: string | undefined;
    try {
      text = decoder.decode(bytes.subarray(0, end));
    } catch {
      text = undefined;
    }
    // Windows tools start files with a byte-order mark; it is not part of the first row.
    if (number === 1 && text !== undefined && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { number, text };
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let lf = chunk.indexOf(LF); lf !== -1; lf = chunk.indexOf(LF, start)) {
      const piece = chunk.subarray(start, lf);
      yield line(pending.length === 0 ? piece : Buffer.concat([...pending, piece]));
      pending = [];
      start = lf + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield line(pending.length === 1 ? pending[0] : Buffer.concat(pending));
}

/** Whether a line holds nothing but white space. */
export function isBlank(text: string): boolean {
  return text.trim() === "";
}
