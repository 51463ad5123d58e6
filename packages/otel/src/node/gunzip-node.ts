import { gunzip as zlibGunzip } from "node:zlib";
import { OtlpDecodeError } from "../decode/otlp-decode-error.js";

/**
 * Gunzip with node:zlib (faster than DecompressionStream and reads multi-member files); pass it
 * as `decodeOtlp(bytes, { gunzip: gunzipNode })`. `maxBytes` stops a gzip bomb.
 */
export function gunzipNode(bytes: Uint8Array, maxBytes = 256 * 1024 * 1024): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    zlibGunzip(bytes, { maxOutputLength: maxBytes }, (error, out) => {
      if (!error) return resolve(out);
      const tooBig = (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE";
      const message = tooBig
        ? `gzip: body inflates past the ${maxBytes}-byte limit`
        : `gzip: cannot inflate ${bytes.length}-byte body: ${error.message}`;
      reject(new OtlpDecodeError(message, { format: "gzip", cause: error }));
    });
  });
}
