import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { pipeline } from "node:stream";
import { fileURLToPath } from "node:url";
import { createGunzip } from "node:zlib";
import { firstLineIsObject } from "../decode/decode-otlp.js";
import { isGzip } from "../decode/gzip.js";
import { parseOtlpJson } from "../decode/json.js";
import { readOtlpJsonLines, type ReadOtlpJsonLinesOptions } from "../decode/jsonl.js";
import { OtlpDecodeError } from "../decode/otlp-decode-error.js";
import type { OtlpTracesJson } from "../decode/otlp-json-types.js";
import { decodeOtlpProtobuf } from "../decode/protobuf.js";
import { sniffOtlpBody } from "../decode/sniff.js";

export type OtlpFileFormat = "json" | "jsonl" | "protobuf";

export interface ReadOtlpFileOptions extends ReadOtlpJsonLinesOptions {
  /** Skip sniffing. Default: from the extension (.jsonl/.ndjson, .pb/.binpb/.protobuf), else the bytes. */
  format?: OtlpFileFormat;
  /** Stops the read; the generator then rejects with the abort reason. */
  signal?: AbortSignal;
}

export interface ReadOtlpFileSummary {
  format: OtlpFileFormat;
  gzip: boolean;
  objects: number;
  /** Bad JSON Lines skipped under `skipBadLines`. */
  skipped: number;
}

type Chunks = AsyncIterator<Uint8Array>;

/**
 * OTLP trace objects from a file: OTLP/JSON, the file exporter's JSON Lines, or protobuf
 * (`ExportTraceServiceRequest`/`TracesData` bytes), each optionally gzipped (sniffed from the
 * bytes, not the name). JSON Lines stream: memory stays bounded by the longest line however large
 * the file. A single JSON document or protobuf message is one object and is read whole. A `.json`
 * file whose first line is a whole object is read as JSON Lines (the collector's file exporter
 * writes JSON Lines under that name). Throws `OtlpDecodeError` naming the file.
 */
export async function* readOtlpFile(
  path: string | URL,
  options: ReadOtlpFileOptions = {},
): AsyncGenerator<OtlpTracesJson, ReadOtlpFileSummary, undefined> {
  const file = typeof path === "string" ? path : fileURLToPath(path);
  const gzip = isGzip(await head(file));
  const chunks = openChunks(file, gzip, options.signal);
  try {
    const peeked = await peek(chunks);
    const format = options.format ?? formatFromName(file) ?? (sniffOtlpBody(concat(peeked.chunks)) === "protobuf" ? "protobuf" : "text");
    const summary: ReadOtlpFileSummary = { format: format === "text" ? "json" : format, gzip, objects: 0, skipped: 0 };
    const all = replay(peeked.chunks, chunks);
    if (format === "protobuf") {
      yield decodeOtlpProtobuf(concat(await collect(all)));
      summary.objects = 1;
      return summary;
    }
    const text = format === "text" ? await firstLine(peeked, chunks) : undefined;
    if (format === "json" || (text !== undefined && (text.only || !firstLineIsObject(text.line)))) {
      const whole = new TextDecoder("utf-8", { fatal: true }).decode(concat(await collect(replay(text?.chunks ?? peeked.chunks, chunks))));
      yield parseOtlpJson(whole);
      summary.objects = 1;
      return summary;
    }
    summary.format = "jsonl";
    const lines = readOtlpJsonLines(iterable(replay(text?.chunks ?? peeked.chunks, chunks)), options);
    for (;;) {
      const next = await lines.next();
      if (next.done) {
        summary.objects = next.value.objects;
        summary.skipped = next.value.skipped;
        return summary;
      }
      yield next.value;
    }
  } catch (error) {
    throw inFile(error, file);
  } finally {
    await chunks.return?.();
  }
}

function formatFromName(file: string): OtlpFileFormat | undefined {
  const name = file.toLowerCase().replace(/\.gz$/, "");
  if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) return "jsonl";
  if (name.endsWith(".pb") || name.endsWith(".binpb") || name.endsWith(".protobuf")) return "protobuf";
  return undefined;
}

async function head(file: string): Promise<Uint8Array> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(new Uint8Array(2), 0, 2, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function openChunks(file: string, gzip: boolean, signal: AbortSignal | undefined): Chunks {
  const raw = createReadStream(file, { signal });
  // pipeline destroys both streams on any error, so a read error surfaces in the iteration.
  const stream = gzip ? pipeline(raw, createGunzip(), () => {}) : raw;
  return stream[Symbol.asyncIterator]() as Chunks;
}

/** Read chunks until there are 64 bytes to sniff (or the end). */
async function peek(chunks: Chunks): Promise<{ chunks: Uint8Array[] }> {
  const got: Uint8Array[] = [];
  let size = 0;
  while (size < 64) {
    const next = await chunks.next();
    if (next.done) break;
    got.push(next.value);
    size += next.value.length;
  }
  return { chunks: got };
}

/**
 * Read on until the first non-blank line is whole, to tell JSON from JSON Lines; `only` when the
 * file ends with that line (one document either way: read it as JSON, parsing it once).
 */
async function firstLine(peeked: { chunks: Uint8Array[] }, chunks: Chunks): Promise<{ line: string; only: boolean; chunks: Uint8Array[] }> {
  const got = [...peeked.chunks];
  const decoder = new TextDecoder("utf-8", { ignoreBOM: false });
  // Only each new piece is searched, and the pieces are joined once at the end: searching the
  // growing text made a file that is one long line cost a pass (and a copy) per chunk read.
  const pieces: string[] = [];
  let started = false;
  let piece = got.map((c) => decoder.decode(c, { stream: true })).join("");
  for (;;) {
    if (!started) {
      // Leading white space is no part of the line.
      const start = piece.search(/\S/);
      started = start >= 0;
      piece = started ? piece.slice(start) : "";
    }
    const end = started ? piece.indexOf("\n") : -1;
    if (end >= 0) return { line: pieces.join("") + piece.slice(0, end), only: false, chunks: got };
    pieces.push(piece);
    const next = await chunks.next();
    if (next.done) return { line: pieces.join(""), only: true, chunks: got };
    got.push(next.value);
    piece = decoder.decode(next.value, { stream: true });
  }
}

async function* replay(first: Uint8Array[], rest: Chunks): AsyncGenerator<Uint8Array> {
  yield* first;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

function iterable(chunks: AsyncGenerator<Uint8Array>): AsyncIterable<Uint8Array> {
  return { [Symbol.asyncIterator]: () => chunks };
}

async function collect(chunks: AsyncGenerator<Uint8Array>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  return parts.length === 1 ? parts[0] : Buffer.concat(parts);
}

/** Name the file in decode errors; zlib errors become gzip decode errors. */
function inFile(error: unknown, file: string): unknown {
  if (error instanceof OtlpDecodeError) {
    const { format, line, column, offset, cause } = error;
    return new OtlpDecodeError(`${file}: ${error.message}`, { format, line, column, offset, cause });
  }
  if (error instanceof Error && "code" in error && String(error.code).startsWith("Z_")) {
    return new OtlpDecodeError(`${file}: gzip: cannot inflate: ${error.message}`, { format: "gzip", cause: error });
  }
  if (error instanceof TypeError && /encoded data was not valid/i.test(error.message)) {
    return new OtlpDecodeError(`${file}: OTLP JSON: not valid UTF-8 text`, { format: "json", cause: error });
  }
  return error;
}
