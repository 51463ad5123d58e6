import fc from "fast-check";
import protobuf from "protobufjs/light.js";
import { describe, expect, it } from "vitest";
import { OTLP_TRACE_DESCRIPTOR } from "./otlp-trace-descriptor.js";
import { decodeOtlpProtobuf, decodeWithProtobufjs } from "./protobuf.js";

const request = protobuf.Root.fromJSON(OTLP_TRACE_DESCRIPTOR).lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest");
const encode = (object: unknown) => request.encode(request.fromObject(object as { [k: string]: unknown })).finish();

/** The outcome of a decoder: its value, or its error's class and message. */
function outcome(decode: (bytes: Uint8Array) => unknown, bytes: Uint8Array): unknown {
  try {
    return { value: decode(bytes) };
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message };
  }
}

const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
const uint64 = fc.oneof(fc.constant("0"), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String));
const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((b) => protobuf.util.base64.encode(b, 0, b.length));
const text = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: "grapheme", maxLength: 40 }), fc.constant(""));
const { anyValue } = fc.letrec((tie) => ({
  anyValue: fc.oneof(
    { depthSize: "small" },
    fc.record({ stringValue: text }),
    fc.record({ boolValue: fc.boolean() }),
    fc.record({ intValue: int64 }),
    fc.record({ doubleValue: fc.double() }),
    fc.record({ bytesValue: bytes(12) }),
    fc.record({ arrayValue: fc.record({ values: fc.array(tie("anyValue"), { maxLength: 3 }) }) }),
    fc.record({ kvlistValue: fc.record({ values: fc.array(tie("keyValue"), { maxLength: 3 }) }) }),
    fc.constant({}),
  ),
  keyValue: fc.record({ key: text, value: tie("anyValue") }, { requiredKeys: [] }),
}));
const attributes = fc.array(fc.record({ key: text, value: anyValue }, { requiredKeys: [] }), { maxLength: 4 });
const counts = fc.nat({ max: 3 });
const span = fc.record(
  {
    traceId: bytes(16), spanId: bytes(8), traceState: text, parentSpanId: bytes(8), name: text, kind: fc.integer({ min: 0, max: 5 }),
    startTimeUnixNano: uint64, endTimeUnixNano: uint64, attributes, droppedAttributesCount: counts,
    events: fc.array(fc.record({ timeUnixNano: uint64, name: text, attributes, droppedAttributesCount: counts }, { requiredKeys: [] }), { maxLength: 2 }),
    droppedEventsCount: counts,
    links: fc.array(fc.record({ traceId: bytes(16), spanId: bytes(8), traceState: text, attributes, droppedAttributesCount: counts, flags: fc.nat() }, { requiredKeys: [] }), { maxLength: 2 }),
    droppedLinksCount: counts, status: fc.record({ message: text, code: fc.integer({ min: 0, max: 2 }) }, { requiredKeys: [] }), flags: fc.nat(),
  },
  { requiredKeys: [] },
);
const scope = fc.record({ name: text, version: text, attributes, droppedAttributesCount: counts }, { requiredKeys: [] });
const resource = fc.record({ attributes, droppedAttributesCount: counts, entityRefs: fc.array(fc.record({ schemaUrl: text, type: text, idKeys: fc.array(text, { maxLength: 2 }), descriptionKeys: fc.array(text, { maxLength: 2 }) }, { requiredKeys: [] }), { maxLength: 2 }) }, { requiredKeys: [] });
const exportRequest = fc.record({
  resourceSpans: fc.array(
    fc.record({ resource, scopeSpans: fc.array(fc.record({ scope, spans: fc.array(span, { maxLength: 3 }), schemaUrl: text }, { requiredKeys: [] }), { maxLength: 2 }), schemaUrl: text }, { requiredKeys: [] }),
    { maxLength: 2 },
  ),
});

describe("decodeOtlpProtobuf's direct reader", () => {
  it("answers as protobufjs decode + toObject on any request, key order included", () => {
    fc.assert(
      fc.property(exportRequest, (object) => {
        const pb = encode(object);
        expect(JSON.stringify(outcome(decodeOtlpProtobuf, pb))).toBe(JSON.stringify(outcome(decodeWithProtobufjs, pb)));
        expect(outcome(decodeOtlpProtobuf, pb)).toEqual(outcome(decodeWithProtobufjs, pb));
      }),
      { numRuns: 1500 },
    );
  });

  it("answers or fails as protobufjs does on damaged bytes", () => {
    fc.assert(
      fc.property(exportRequest, fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 })), { minLength: 1, maxLength: 3 }), fc.nat(), (object, edits, cut) => {
        const pb = Uint8Array.from(encode(object));
        if (pb.length === 0) return;
        for (const [at, byte] of edits) pb[at % pb.length] = byte;
        const damaged = pb.subarray(0, pb.length - (cut % 3));
        expect(outcome(decodeOtlpProtobuf, damaged)).toEqual(outcome(decodeWithProtobufjs, damaged));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads repeated scalars last-wins and skips unknown fields, as protobufjs does", () => {
    // Span {name: "a", name: "b", field 99 varint, kind 3, kind 0}: name "b", kind left out.
    const span = [0x2a, 1, 0x61, 0x2a, 1, 0x62, 0x98, 0x06, 7, 0x30, 3, 0x30, 0];
    const pb = Uint8Array.from([0x0a, span.length + 4, 0x12, span.length + 2, 0x12, span.length, ...span]);
    expect(decodeOtlpProtobuf(pb)).toEqual({ resourceSpans: [{ scopeSpans: [{ spans: [{ name: "b" }] }] }] });
    expect(decodeOtlpProtobuf(pb)).toEqual(decodeWithProtobufjs(pb));
  });
});
