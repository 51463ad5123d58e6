/**
 * JSON Lines text into values, read as `@whileai/traces/node`'s `readJsonl` reads a file (Python's
 * `json.loads` per stripped line, blank lines skipped, `\n`, `\r\n` and `\r` ending lines), except
 * that a line which is not JSON is counted and listed instead of stopping the read: an explorer
 * should show what it can, and say exactly what it left out.
 */
import { py } from "@whileai/traces";

/** Invalid lines listed by number; the count is always complete. */
export const INVALID_LINES_LISTED = 20;

export interface InvalidLines {
  count: number;
  /** The first few, 1-based, each with the parser's reason. */
  lines: { line: number; reason: string }[];
}

export interface JsonlValues {
  values: unknown[];
  /** Lines read, blank ones included. */
  lines: number;
  invalid: InvalidLines;
}

const LINE_BREAK = /\r\n|\r|\n/;

export function parseJsonl(text: string): JsonlValues {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = source.split(LINE_BREAK);
  // A final line break ends the last line; it does not start an empty one.
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const values: unknown[] = [];
  const invalid: InvalidLines = { count: 0, lines: [] };
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    // Lines as JSON.stringify writes them ("{...}") need no strip.
    if (!(line.charCodeAt(0) === 0x7b && line.charCodeAt(line.length - 1) === 0x7d)) line = py.pyStrip(line);
    if (line === "") continue;
    try {
      values.push(py.pyJsonLoads(line));
    } catch (error) {
      invalid.count++;
      if (invalid.lines.length < INVALID_LINES_LISTED) invalid.lines.push({ line: i + 1, reason: (error as Error).message });
    }
  }
  return { values, lines: lines.length, invalid };
}
