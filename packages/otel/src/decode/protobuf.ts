import { decodeExportTraceServiceRequestBytes } from "./otlp-protobuf.generated.js";
import { OtlpDecodeError } from "./otlp-decode-error.js";
import type { OtlpTracesJson } from "./otlp-json-types.js";
import { WireError } from "./protobuf-wire.js";

/**
 * Decode an OTLP/HTTP protobuf body (`ExportTraceServiceRequest`; a file of `TracesData` has the
 * same bytes) into the OTLP/JSON object the JSON exporter would have sent for it: lowerCamelCase
 * keys, trace/span ids as lowercase hex, 64-bit integers as decimal strings, enums as numbers,
 * `bytesValue` as base64. Fields left at their proto3 default are absent, as in proto3 JSON.
 * Unknown fields are skipped, as OTLP receivers must. Throws `OtlpDecodeError` (with the byte
 * offset and the field being read) for anything that is not a well-formed message.
 *
 * The decoder is generated ahead of time from the OTLP .proto files (scripts/gen-otlp-decoder.mjs):
 * it compiles no code at run time, so it runs under a Content-Security-Policy without 'unsafe-eval'.
 */
export function decodeOtlpProtobuf(bytes: Uint8Array): OtlpTracesJson {
  try {
    return decodeExportTraceServiceRequestBytes(bytes);
  } catch (error) {
    if (error instanceof WireError) {
      const field = error.path.length ? ` in ${error.path.join(".")}` : "";
      throw new OtlpDecodeError(
        `OTLP protobuf: not a valid ExportTraceServiceRequest (${bytes.length} bytes): ${error.message}${field}`,
        { format: "protobuf", offset: error.offset, cause: error },
      );
    }
    // Nesting is capped well below any stack, but a tiny stack still overflows: say so the same way.
    if (error instanceof RangeError) {
      throw new OtlpDecodeError(`OTLP protobuf: not a valid ExportTraceServiceRequest (${bytes.length} bytes): ${error.message}`, {
        format: "protobuf",
        cause: error,
      });
    }
    throw error;
  }
}
