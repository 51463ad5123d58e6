import { createGunzip } from "node:zlib";
import { OtlpDecodeError } from "../decode/otlp-decode-error.js";

// Inflated a slice at a time: a refused body is never held, only counted.
const CHUNK_BYTES = 256 * 1024;

/** Each inflated chunk of `bytes` (every gzip member), in order; a corrupt stream rejects with zlib's error. */
async function* inflate(bytes: Uint8Array): AsyncGenerator<Buffer> {
  const gunzip = createGunzip({ chunkSize: CHUNK_BYTES });
  gunzip.end(bytes);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) yield chunk;
  } finally {
    gunzip.destroy();
  }
}

function failure(bytes: Uint8Array, error: unknown): OtlpDecodeError {
  return new OtlpDecodeError(`gzip: cannot inflate ${bytes.length}-byte body: ${(error as Error).message}`, { format: "gzip", cause: error });
}

/**
 * Gunzip with node:zlib (faster than DecompressionStream and reads multi-member files); pass it
 * as `decodeOtlp(bytes, { gunzip: gunzipNode })`. `maxBytes` stops a gzip bomb: the body is
 * inflated once only to count its size, a chunk at a time, so one past the limit is refused
 * having cost one chunk of memory, never `maxBytes`; a body within it is inflated again
 * straight into one buffer of its exact size.
 */
export async function gunzipNode(bytes: Uint8Array, maxBytes = 256 * 1024 * 1024): Promise<Uint8Array> {
  let size = 0;
  try {
    for await (const chunk of inflate(bytes)) {
      size += chunk.length;
      if (size > maxBytes) throw new OtlpDecodeError(`gzip: body inflates past the ${maxBytes}-byte limit`, { format: "gzip" });
    }
  } catch (error) {
    throw OtlpDecodeError.isInstance(error) ? error : failure(bytes, error);
  }
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  try {
    for await (const chunk of inflate(bytes)) at += chunk.copy(out, at);
  } catch (error) {
    throw failure(bytes, error);
  }
  return out;
}
