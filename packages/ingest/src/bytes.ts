/**
 * Every kind of byte source as one chunk stream, inflated when it is gzip (told by the magic
 * bytes, never a name), with its first bytes peeked so the format can be told before reading on.
 * Browser-safe: gzip goes through the web `DecompressionStream`.
 */
import { concat } from "@whileai/traces";
import { TraceReadError } from "./errors.js";

/** What `readTraces` takes: bytes whole, a Blob or File, a web stream, or any chunk iterable. */
export type TraceBytes = Uint8Array | ArrayBuffer | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

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
