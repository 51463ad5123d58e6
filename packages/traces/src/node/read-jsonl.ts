/**
 * `load_jsonl` (traces-helpers.md §5.2) as a stream: one parsed value per non-blank line, read
 * in chunks so a multi-GB export never sits in memory (only the current line does).
 */
import { createReadStream } from "node:fs";
import { fileURLToPath } from "node:url";
import * as z from "zod/mini";
import { pyJsonLoads, pyStrip } from "../py/index.js";
import { parseOptions } from "../rows/options.js";
import { JsonlLineError } from "./jsonl-line-error.js";

export interface ReadJsonlOptions {
  /** `"throw"` (default, as Python) stops at the first invalid line; `"skip"` passes over it. */
  onInvalid?: "throw" | "skip";
  /** Told about each line skipped under `onInvalid: "skip"`. */
  onSkip?: (error: JsonlLineError) => void;
  /** Stops the read; the generator then rejects with the abort reason. */
  signal?: AbortSignal;
}

/** What the generator returns when it finishes: lines seen (blank ones included) and lines skipped. */
export interface JsonlSummary {
  lines: number;
  invalid: number;
}

export const ReadJsonlOptionsSchema = z.strictObject({
  onInvalid: z.optional(z.enum(["throw", "skip"])),
  onSkip: z.optional(z.custom<(error: JsonlLineError) => void>((value) => typeof value === "function", "expected a function")),
  signal: z.optional(z.instanceof(AbortSignal)),
});

/** Marks a blank or skipped line. */
const skipped: unique symbol = Symbol("skipped");
const LF = 0x0a;
const CR = 0x0d;

/**
 * Values of a JSONL file in order. Each line is stripped of Python whitespace and parsed as
 * Python's `json.loads` would (NaN and Infinity accepted); blank lines are skipped. A line that is
 * not JSON, or not UTF-8, throws a `JsonlLineError` naming the file and the 1-based line. Lines
 * end at `\n`, `\r\n` or `\r`, as Python's text mode reads them. Unlike Python, a UTF-8 byte-order
 * mark at the start of the file is accepted (Windows tools write one; Python would fail on line 1).
 */
export async function* readJsonl(path: string | URL, options?: ReadJsonlOptions): AsyncGenerator<unknown, JsonlSummary, undefined> {
  const { onInvalid = "throw", onSkip, signal } = parseOptions(ReadJsonlOptionsSchema, options, "readJsonl");
  const file = typeof path === "string" ? path : fileURLToPath(path);
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const summary: JsonlSummary = { lines: 0, invalid: 0 };

  /** The parsed line, or `skipped` for a blank or skipped invalid line. */
  const parseLine = (bytes: Uint8Array): unknown => {
    summary.lines++;
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch (cause) {
      return invalid("invalid UTF-8", cause);
    }
    if (summary.lines === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    // Lines as JSON.stringify writes them ("{...}") need no strip.
    if (!(text.charCodeAt(0) === 0x7b && text.charCodeAt(text.length - 1) === 0x7d)) text = pyStrip(text);
    if (text === "") return skipped;
    try {
      return pyJsonLoads(text);
    } catch (cause) {
      return invalid(`invalid JSON (${(cause as Error).message})`, cause);
    }
  };
  const invalid = (reason: string, cause: unknown): typeof skipped => {
    const error = new JsonlLineError({ file, line: summary.lines, reason, cause });
    if (onInvalid === "throw") throw error;
    summary.invalid++;
    onSkip?.(error);
    return skipped;
  };

  const stream = createReadStream(file, { signal });
  let pending: Buffer[] = []; // the current line's bytes from earlier chunks
  let afterCR = false; // the previous chunk ended with \r: a leading \n belongs to it
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (chunk.length === 0) continue;
    let start = 0;
    if (afterCR && chunk[0] === LF) start = 1;
    afterCR = false;
    let lf = chunk.indexOf(LF, start);
    let cr = chunk.indexOf(CR, start);
    while (lf !== -1 || cr !== -1) {
      const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      const piece = chunk.subarray(start, end);
      const bytes = pending.length === 0 ? piece : Buffer.concat([...pending, piece]);
      pending = [];
      start = end + 1;
      if (chunk[end] === CR) {
        if (start === chunk.length) afterCR = true;
        else if (chunk[start] === LF) start++;
      }
      if (lf !== -1 && lf < start) lf = chunk.indexOf(LF, start);
      if (cr !== -1 && cr < start) cr = chunk.indexOf(CR, start);
      const value = parseLine(bytes);
      if (value !== skipped) yield value;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) {
    const value = parseLine(Buffer.concat(pending));
    if (value !== skipped) yield value;
  }
  return summary;
}
