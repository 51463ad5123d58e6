import protobuf from "protobufjs/light.js";
import Long from "long";
import { base64ToHex } from "./base64-hex.js";
import { OtlpDecodeError } from "./otlp-decode-error.js";
import { OTLP_TRACE_DESCRIPTOR } from "./otlp-trace-descriptor.js";
import type { OtlpTracesJson } from "./otlp-json-types.js";

// protobufjs finds `long` with a CommonJS require that some browser bundles drop; without it
// 64-bit fields come out as doubles and nanosecond timestamps lose digits. Wire it explicitly.
if (!protobuf.util.Long) {
  protobuf.util.Long = Long as unknown as typeof protobuf.util.Long;
  protobuf.configure();
}

/** proto3 JSON mapping: 64-bit ints as decimal strings, enums as numbers, bytes as base64,
 * NaN/Infinity as strings, defaults left out. */
const TO_JSON: protobuf.IConversionOptions = { longs: String, enums: Number, bytes: String, json: true };

let requestType: protobuf.Type | undefined;

function exportTraceServiceRequest(): protobuf.Type {
  // Built on first use: the package is side-effect free, and protobufjs generates its decoder then.
  requestType ??= protobuf.Root.fromJSON(OTLP_TRACE_DESCRIPTOR).lookupType(
    "opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest",
  );
  return requestType;
}

/**
 * Decode an OTLP/HTTP protobuf body (`ExportTraceServiceRequest`; a file of `TracesData` has the
 * same bytes) into the OTLP/JSON object the JSON exporter would have sent for it: lowerCamelCase
 * keys, trace/span ids as lowercase hex, 64-bit integers as decimal strings, enums as numbers,
 * `bytesValue` as base64. Fields left at their proto3 default are absent, as in proto3 JSON.
 * Throws `OtlpDecodeError` for anything that is not a well-formed message.
 */
export function decodeOtlpProtobuf(bytes: Uint8Array): OtlpTracesJson {
  const type = exportTraceServiceRequest();
  let object: { [key: string]: unknown };
  try {
    object = type.toObject(type.decode(bytes), TO_JSON);
  } catch (error) {
    // protobufjs throws RangeError/Error with its own text; deep nesting can overflow the stack.
    const reason = error instanceof Error ? error.message : String(error);
    throw new OtlpDecodeError(
      `OTLP protobuf: not a valid ExportTraceServiceRequest (${bytes.length} bytes): ${reason}`,
      { format: "protobuf", offset: offsetIn(reason), cause: error },
    );
  }
  hexIds(object);
  return object as OtlpTracesJson;
}

/** protobufjs reports "index out of range: POS + N > LEN" and "... at offset POS". */
function offsetIn(reason: string): number | undefined {
  const m = /range: (\d+)|offset (\d+)/.exec(reason);
  return m ? Number(m[1] ?? m[2]) : undefined;
}

type Obj = { [key: string]: unknown };

function hexIds(request: Obj): void {
  for (const rs of (request.resourceSpans as Obj[] | undefined) ?? []) {
    for (const ss of (rs.scopeSpans as Obj[] | undefined) ?? []) {
      for (const span of (ss.spans as Obj[] | undefined) ?? []) {
        hexId(span, "traceId");
        hexId(span, "spanId");
        hexId(span, "parentSpanId");
        for (const link of (span.links as Obj[] | undefined) ?? []) {
          hexId(link, "traceId");
          hexId(link, "spanId");
        }
      }
    }
  }
}

function hexId(target: Obj, key: string): void {
  const value = target[key];
  if (typeof value === "string") target[key] = base64ToHex(value);
}
