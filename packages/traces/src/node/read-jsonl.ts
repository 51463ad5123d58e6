/**
 * `load_jsonl` (traces-helpers.md §5.2) as a stream: one parsed value per non-blank line, read
 * in chunks so a multi-GB export never sits in memory (only the current line does).
 */
import { createReadStream } from "node:fs";
import { fileURLToPath } from "node:url";
import * as z from "zod/mini";
import { pyJsonLoads, pyStrip } from "@whileai/hash-embed/internal";
import { parseOptions } from "../rows/options.js";
import { readLines } from "../jsonl/lines.js";
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
  const summary: JsonlSummary = { lines: 0, invalid: 0 };
  const invalid = (line: number, reason: string, cause: unknown): void => {
    const error = new JsonlLineError({ file, line, reason, cause });
    if (onInvalid === "throw") throw error;
    summary.invalid++;
    onSkip?.(error);
  };
  for await (const { number, text: raw } of readLines(createReadStream(file, { signal }) as AsyncIterable<Buffer>)) {
    summary.lines = number;
    if (raw === undefined) {
      invalid(number, "invalid UTF-8", undefined);
      continue;
    }
    // Lines as JSON.stringify writes them ("{...}") need no strip.
    const text = raw.charCodeAt(0) === 0x7b && raw.charCodeAt(raw.length - 1) === 0x7d ? raw : pyStrip(raw);
    if (text === "") continue;
    let value: unknown;
    try {
      value = pyJsonLoads(text);
    } catch (cause) {
      invalid(number, `invalid JSON (${(cause as Error).message})`, cause);
      continue;
    }
    yield value;
  }
  return summary;
}
