/**
 * The bytes of one input, from a file or stdin, inflated when they are gzip (told by the magic
 * bytes, never the name), with the first bytes peeked so the format can be told before reading on.
 */
import { createReadStream } from "node:fs";
import { pipeline, type Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { CliError } from "../errors.js";
import { currentIo, resolvePath } from "../io.js";

/** What `-` (or no input with piped stdin) is called in messages and reports. */
export const STDIN_NAME = "stdin";

/** Bytes peeked before deciding the format: enough for the gzip magic, a BOM and a protobuf tag run. */
const PEEK_BYTES = 64;

export interface ByteSource {
  /** The file as the user named it, or "stdin". */
  name: string;
  gzip: boolean;
  /** At least the first PEEK_BYTES of the (inflated) content, fewer only when the input is shorter. */
  head: Uint8Array;
  /** All the (inflated) content, the head included, in chunks. */
  chunks: AsyncIterable<Uint8Array>;
}

export async function openByteSource(path: string, signal?: AbortSignal): Promise<ByteSource> {
  const name = path === "-" ? STDIN_NAME : path;
  const raw: Readable = path === "-" ? currentIo().stdin : createReadStream(resolvePath(path), { signal });
  let reader = raw[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  let peeked = await peek(reader, name);
  const gzip = peeked.head[0] === 0x1f && peeked.head[1] === 0x8b;
  if (gzip) {
    const inflated = pipeline(replayReadable(peeked.chunks, reader), createGunzip(), () => {});
    reader = inflated[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
    peeked = await peek(reader, name);
    if (peeked.head[0] === 0x1f && peeked.head[1] === 0x8b) throw new CliError(`${name}: gzip inside gzip; inflate it once first`);
  }
  return { name, gzip, head: peeked.head, chunks: replay(peeked.chunks, reader, name) };
}

async function peek(reader: AsyncIterator<Uint8Array>, name: string): Promise<{ head: Uint8Array; chunks: Uint8Array[] }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < PEEK_BYTES) {
    const next = await reader.next().catch((error: unknown) => failRead(error, name));
    if (next.done) break;
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  return { head: head ?? new Uint8Array(0), chunks };
}

async function* replay(first: Uint8Array[], rest: AsyncIterator<Uint8Array>, name: string): AsyncGenerator<Uint8Array> {
  yield* first;
  for (;;) {
    const next = await rest.next().catch((error: unknown) => failRead(error, name));
    if (next.done) return;
    yield next.value;
  }
}

/** The peeked raw chunks and the rest, as a stream gunzip can be piped from. */
function replayReadable(first: Uint8Array[], rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  return (async function* () {
    yield* first;
    for (;;) {
      const next = await rest.next();
      if (next.done) return;
      yield next.value;
    }
  })();
}

/** A missing file, a directory or broken gzip: one line naming the input. */
function failRead(error: unknown, name: string): never {
  if (error instanceof Error && error.name === "AbortError") throw error;
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  if (code === "ENOENT") throw new CliError(`${name}: no such file`, { cause: error });
  if (code === "EISDIR") throw new CliError(`${name}: is a directory, not a trace file`, { cause: error });
  if (code === "EACCES") throw new CliError(`${name}: permission denied`, { cause: error });
  if (code.startsWith("Z_")) throw new CliError(`${name}: gzip: cannot inflate (${(error as Error).message})`, { cause: error });
  throw new CliError(`${name}: cannot read (${error instanceof Error ? error.message : String(error)})`, { cause: error });
}

/** All remaining bytes in one array (for whole-document formats: a JSON document, a protobuf message). */
export async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parts.length === 1 ? parts[0] : Buffer.concat(parts);
}
