import { concat } from "@whileai/traces/internal";
import { OtlpDecodeError } from "./otlp-decode-error.js";

/** gzip member header magic (RFC 1952): no OTLP protobuf or JSON body can start with it. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Gunzip the whole of `bytes`. Browsers and Node both: `@whileai/otel/node` has a zlib one. */
export type Gunzip = (bytes: Uint8Array) => Promise<Uint8Array>;

/**
 * Gunzip with the web `DecompressionStream` (browsers, Deno, Node >= 18). `maxBytes` stops a
 * small body that inflates without bound (a gzip bomb) before it fills memory.
 */
export async function gunzipWeb(bytes: Uint8Array, maxBytes = Number.POSITIVE_INFINITY): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip"));
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxBytes) {
        await reader.cancel();
        throw new OtlpDecodeError(`gzip: body inflates past the ${maxBytes}-byte limit`, { format: "gzip" });
      }
      parts.push(value);
    }
  } catch (error) {
    if (error instanceof OtlpDecodeError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new OtlpDecodeError(`gzip: cannot inflate ${bytes.length}-byte body: ${reason}`, { format: "gzip", cause: error });
  }
  return concat(parts);
}
