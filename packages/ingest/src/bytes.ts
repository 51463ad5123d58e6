/**
 * Every kind of byte source as one chunk stream, inflated when it is gzip (told by the magic
 * bytes, never a name), with its first bytes peeked so the format can be told before reading on.
 * Browser-safe: gzip goes through the web `DecompressionStream`.
 */
import { concat } from "@whileai/traces/internal";
import { TraceReadError } from "./errors.js";

/** What `readTraces` takes: bytes whole, a Blob or File, a file read at offsets, a web stream, or any chunk iterable. */
export type TraceBytes = Uint8Array | ArrayBuffer | Blob | RandomAccessBytes | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/**
 * Bytes that can be read at any offset, as a file on disk or a Blob can: Parquet is read footer
 * first and a row group at a time, so a large file never has to be in memory. The shape is
 * hyparquet's `AsyncBuffer`; `@whileai/ingest/node` makes one from a path.
 */
export interface RandomAccessBytes {
  readonly byteLength: number;
  /** The bytes in [start, end), end defaulting to byteLength. */
  slice(start: number, end?: number): ArrayBuffer | Promise<ArrayBuffer>;
}

/** Ranged reads are made in pieces of this size when a random-access source is streamed. */
const RANGE_CHUNK = 1 << 20;

/** The source as random-access bytes when it is one (bytes in memory, a Blob, a file), else undefined. */
export function randomAccess(source: TraceBytes): RandomAccessBytes | undefined {
  if (source instanceof Uint8Array) return bytesAccess(source);
  if (source instanceof ArrayBuffer) return bytesAccess(new Uint8Array(source));
  if (typeof Blob !== "undefined" && source instanceof Blob) return { byteLength: source.size, slice: (start, end) => source.slice(start, end).arrayBuffer() };
  if (isRandomAccess(source)) return source;
  return undefined;
}

export function bytesAccess(bytes: Uint8Array): RandomAccessBytes {
  // A copy of just the range: Uint8Array's slice, since a Node Buffer's own slice() is a view of all its memory.
  return { byteLength: bytes.length, slice: (start, end) => Uint8Array.prototype.slice.call(bytes, start, end).buffer as ArrayBuffer };
}

function isRandomAccess(source: TraceBytes): source is RandomAccessBytes {
  const candidate = source as Partial<RandomAccessBytes>;
  return typeof candidate.byteLength === "number" && typeof candidate.slice === "function" && !(Symbol.asyncIterator in source) && !(Symbol.iterator in source);
}

async function* rangeChunks(file: RandomAccessBytes): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < file.byteLength; start += RANGE_CHUNK) yield new Uint8Array(await file.slice(start, Math.min(file.byteLength, start + RANGE_CHUNK)));
}

/** Bytes peeked before deciding: the gzip magic, a byte-order mark and a run of protobuf tags. */
const PEEK_BYTES = 64;

export interface ByteSource {
  gzip: boolean;
  /** At least the first PEEK_BYTES of the (inflated) content; fewer only when it is shorter. */
  head: Uint8Array;
  /** All the (inflated) content, the head included. */
  chunks: AsyncIterable<Uint8Array>;
}

export async function openBytes(source: TraceBytes, name: string, maxInflatedBytes: number): Promise<ByteSource> {
  let reader = chunkIterator(source);
  let peeked = await peek(reader, name);
  const gzip = peeked.head[0] === 0x1f && peeked.head[1] === 0x8b;
  if (gzip) {
    reader = inflate(replay(peeked.chunks, reader), name, maxInflatedBytes)[Symbol.asyncIterator]();
    peeked = await peek(reader, name);
    if (peeked.head[0] === 0x1f && peeked.head[1] === 0x8b) throw new TraceReadError(name, "gzip inside gzip; inflate it once first");
  }
  return { gzip, head: peeked.head, chunks: replay(peeked.chunks, reader) };
}

function chunkIterator(source: TraceBytes): AsyncIterator<Uint8Array> {
  if (source instanceof Uint8Array) return once(source);
  if (source instanceof ArrayBuffer) return once(new Uint8Array(source));
  if (typeof Blob !== "undefined" && source instanceof Blob) return streamIterator(source.stream());
  if (typeof ReadableStream !== "undefined" && source instanceof ReadableStream) return streamIterator(source);
  if (isRandomAccess(source)) return rangeChunks(source);
  if (Symbol.asyncIterator in source) return (source as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  if (Symbol.iterator in source) return once(...(source as Iterable<Uint8Array>));
  throw new TypeError("readTraces: source must be bytes, a Blob, a ReadableStream or an iterable of byte chunks");
}

async function* onceGen(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* chunks;
}
function once(...chunks: Uint8Array[]): AsyncIterator<Uint8Array> {
  return onceGen(chunks);
}

/** A web stream's reader as an iterator (`ReadableStream` is not async-iterable in every browser). */
async function* streamGen(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
function streamIterator(stream: ReadableStream<Uint8Array>): AsyncIterator<Uint8Array> {
  return streamGen(stream);
}

async function peek(reader: AsyncIterator<Uint8Array>, name: string): Promise<{ head: Uint8Array; chunks: Uint8Array[] }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < PEEK_BYTES) {
    const next = await reader.next().catch((error: unknown) => failRead(error, name));
    if (next.done) break;
    if (next.value.length === 0) continue;
    chunks.push(next.value);
    size += next.value.length;
  }
  return { head: chunks.length === 0 ? new Uint8Array(0) : concat(chunks), chunks };
}

async function* replay(first: Uint8Array[], rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield* first;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

/** Inflate as the chunks come, stopping past `maxBytes` (a small gzip bomb never fills memory). */
async function* inflate(chunks: AsyncIterable<Uint8Array>, name: string, maxBytes: number): AsyncGenerator<Uint8Array> {
  const input = chunks[Symbol.asyncIterator]();
  const compressed = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await input.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  const reader = compressed.pipeThrough(new DecompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>).getReader();
  let total = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      throw TraceReadError.isInstance(error) ? error : new TraceReadError(name, `gzip: cannot inflate (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
    if (next.done) return;
    total += next.value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw new TraceReadError(name, `gzip: inflates past the ${maxBytes}-byte limit`);
    }
    yield next.value;
  }
}

/** A missing file, a directory, a read error: one line naming the source. */
export function failRead(error: unknown, name: string): never {
  if (error instanceof Error && error.name === "AbortError") throw error;
  if (TraceReadError.isInstance(error)) throw error;
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  if (code === "ENOENT") throw new TraceReadError(name, "no such file", { cause: error });
  if (code === "EISDIR") throw new TraceReadError(name, "is a directory, not a trace file", { cause: error });
  if (code === "EACCES") throw new TraceReadError(name, "permission denied", { cause: error });
  throw new TraceReadError(name, `cannot read (${error instanceof Error ? error.message : String(error)})`, { cause: error });
}

/** All remaining bytes in one array (whole-document formats: a protobuf message). */
export async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parts.length === 0 ? new Uint8Array(0) : concat(parts);
}
