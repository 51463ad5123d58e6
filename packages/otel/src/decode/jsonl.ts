import { OtlpDecodeError } from "./otlp-decode-error.js";
import type { OtlpTracesJson } from "./otlp-json-types.js";
import { parseOtlpJson } from "./json.js";

export interface ReadOtlpJsonLinesOptions {
  /** Skip lines that are not an OTLP JSON object instead of throwing. Default false. */
  skipBadLines?: boolean;
  /** Called with the error of every skipped line (only with `skipBadLines`), e.g. to count or log. */
  onBadLine?: (error: OtlpDecodeError) => void;
}

/** What a JSON Lines read saw; the generator's return value. */
export interface OtlpJsonLinesSummary {
  /** Lines read, blank ones included. */
  lines: number;
  /** Objects yielded. */
  objects: number;
  /** Bad lines skipped (always 0 without `skipBadLines`). */
  skipped: number;
}

export type OtlpJsonLinesSource = string | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

/**
 * Read the OTLP file-exporter format (JSON Lines: one `TracesData` object per line, blank lines
 * ignored) and yield each line's object as `parseOtlpJson` gives it. Chunks may be strings or
 * UTF-8 bytes split anywhere; only the current partial line is held, so memory stays bounded by
 * the longest line. A bad line throws `OtlpDecodeError` naming its line number, or with
 * `skipBadLines` is counted in the returned summary and passed to `onBadLine`.
 */
export async function* readOtlpJsonLines(
  source: OtlpJsonLinesSource,
  options: ReadOtlpJsonLinesOptions = {},
): AsyncGenerator<OtlpTracesJson, OtlpJsonLinesSummary, undefined> {
  const summary: OtlpJsonLinesSummary = { lines: 0, objects: 0, skipped: 0 };
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let pending = "";

  function* take(line: string): Generator<OtlpTracesJson> {
    summary.lines++;
    if (line.endsWith("\r")) line = line.slice(0, -1);
    if (summary.lines === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    if (line.trim() === "") return;
    let value: OtlpTracesJson;
    try {
      value = parseOtlpJson(line, { line: summary.lines });
    } catch (error) {
      if (!(error instanceof OtlpDecodeError) || !options.skipBadLines) throw relabel(error, summary.lines);
      summary.skipped++;
      options.onBadLine?.(relabel(error, summary.lines) as OtlpDecodeError);
      return;
    }
    summary.objects++;
    yield value;
  }

  function* feed(text: string): Generator<OtlpTracesJson> {
    let start = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
      const line = start === 0 && pending !== "" ? pending + text.slice(0, nl) : text.slice(start, nl);
      if (start === 0) pending = "";
      start = nl + 1;
      yield* take(line);
    }
    pending = start === 0 ? pending + text : text.slice(start);
  }

  const chunks = typeof source === "string" ? [source] : source;
  for await (const chunk of chunks) {
    yield* feed(typeof chunk === "string" ? chunk : decodeUtf8(decoder, chunk, summary.lines + 1, true));
  }
  yield* feed(decodeUtf8(decoder, new Uint8Array(0), summary.lines + 1, false));
  if (pending !== "") {
    const last = pending;
    pending = "";
    yield* take(last);
  }
  return summary;
}

function decodeUtf8(decoder: TextDecoder, bytes: Uint8Array, line: number, stream: boolean): string {
  try {
    return decoder.decode(bytes, { stream });
  } catch (error) {
    // Not skippable: after invalid UTF-8 we cannot tell where lines start again.
    throw new OtlpDecodeError(`OTLP JSON Lines: line ${line} or later: invalid UTF-8`, { format: "jsonl", line, cause: error });
  }
}

/** Say it is JSON Lines, and name the line where the JSON error could not place itself. */
function relabel(error: unknown, line: number): unknown {
  if (!(error instanceof OtlpDecodeError) || error.format !== "json") return error;
  const where = error.line === undefined ? ` line ${line}:` : "";
  return new OtlpDecodeError(error.message.replace(/^OTLP JSON:/, `OTLP JSON Lines:${where}`), {
    format: "jsonl",
    line: error.line ?? line,
    column: error.column,
    cause: error.cause,
  });
}
