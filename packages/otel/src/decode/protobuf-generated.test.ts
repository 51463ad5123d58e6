// The generated decoder against protobufjs's reflection decoder + toObject on the same .proto
// files (what decodeOtlpProtobuf was before): the same object for every message, and for every
// broken body either the same object or an error from both. Also: the generated file is current.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import Long from "long";
import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import { OtlpDecodeError } from "./otlp-decode-error.js";
import { decodeOtlpProtobuf } from "./protobuf.js";

const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));
const SEED = 20261203;

protobuf.util.Long = Long as unknown as typeof protobuf.util.Long;
protobuf.configure();
const root = new protobuf.Root();
root.resolvePath = (_origin, target) => `${PACKAGE_DIR}proto/${target}`;
root.loadSync("opentelemetry/proto/collector/trace/v1/trace_service.proto");
const Request = root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest");

type Obj = { [key: string]: unknown };

/** The decoder this package used before: protobufjs, proto3-JSON options, ids to hex. */
function protobufjsDecode(bytes: Uint8Array): Obj {
  const object = Request.toObject(Request.decode(bytes), { longs: String, enums: Number, bytes: String, json: true });
  for (const rs of (object.resourceSpans as Obj[] | undefined) ?? []) {
    for (const ss of (rs.scopeSpans as Obj[] | undefined) ?? []) {
      for (const span of (ss.spans as Obj[] | undefined) ?? []) {
        for (const target of [span, ...((span.links as Obj[] | undefined) ?? [])]) {
          for (const key of ["traceId", "spanId", "parentSpanId"]) {
            if (typeof target[key] === "string") target[key] = Buffer.from(target[key] as string, "base64").toString("hex");
          }
        }
      }
    }
  }
  return object;
}

/** Either decoder's answer: the object, or that it refused the bytes. */
function outcome(decode: (bytes: Uint8Array) => unknown, bytes: Uint8Array): unknown {
  try {
    return { value: decode(bytes) };
  } catch (error) {
    if (decode === decodeOtlpProtobuf && !(error instanceof OtlpDecodeError)) throw error;
    return "refused";
  }
}

// Messages in protobufjs's fromObject form; explicit zeros and empty strings included, so the
// wire carries defaults too (proto3 leaves them out of the JSON either way).
const u32 = fc.oneof(fc.constant(0), fc.nat(), fc.constant(0xffffffff));
const u64 = fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.constant(1767225600123456789n)).map(String);
const i64 = fc.oneof(fc.constant(0n), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.bigInt({ min: -1000n, max: 1000n })).map(String);
const text = fc.oneof(fc.constant(""), fc.string(), fc.string({ unit: "grapheme", maxLength: 80 }), fc.string({ minLength: 30, maxLength: 200 }));
const bytes = fc.oneof(fc.uint8Array({ maxLength: 20 }), fc.uint8Array({ minLength: 16, maxLength: 16 }));
const anyValue = fc.letrec<{ value: Obj; kv: Obj }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({ stringValue: text }),
    fc.record({ boolValue: fc.boolean() }),
    fc.record({ intValue: i64 }),
    fc.record({ doubleValue: fc.double() }),
    fc.record({ bytesValue: bytes }),
    fc.record({ arrayValue: fc.record({ values: fc.array(tie("value"), { maxLength: 3 }) }) }),
    fc.record({ kvlistValue: fc.record({ values: fc.array(tie("kv"), { maxLength: 3 }) }) }),
    fc.constant({}),
  ),
  kv: fc.record({ key: text, value: tie("value") }, { requiredKeys: ["key"] }),
}));
const attributes = fc.array(anyValue.kv, { maxLength: 4 });
const opt = <T>(record: { [K in keyof T]: fc.Arbitrary<T[K]> }) => fc.record(record, { requiredKeys: [] });
const span = opt({
  traceId: bytes,
  spanId: bytes,
  traceState: text,
  parentSpanId: bytes,
  flags: u32,
  name: text,
  kind: fc.integer({ min: -1, max: 6 }),
  startTimeUnixNano: u64,
  endTimeUnixNano: u64,
  attributes,
  droppedAttributesCount: u32,
  events: fc.array(opt({ timeUnixNano: u64, name: text, attributes, droppedAttributesCount: u32 }), { maxLength: 2 }),
  droppedEventsCount: u32,
  links: fc.array(opt({ traceId: bytes, spanId: bytes, traceState: text, attributes, droppedAttributesCount: u32, flags: u32 }), { maxLength: 2 }),
  droppedLinksCount: u32,
  status: opt({ message: text, code: fc.integer({ min: 0, max: 3 }) }),
});
const request = fc.record({
  resourceSpans: fc.array(
    opt({
      resource: opt({
        attributes,
        droppedAttributesCount: u32,
        entityRefs: fc.array(opt({ schemaUrl: text, type: text, idKeys: fc.array(text, { maxLength: 2 }), descriptionKeys: fc.array(text, { maxLength: 2 }) }), {
          maxLength: 2,
        }),
      }),
      scopeSpans: fc.array(opt({ scope: opt({ name: text, version: text, attributes, droppedAttributesCount: u32 }), spans: fc.array(span, { maxLength: 3 }), schemaUrl: text }), {
        maxLength: 2,
      }),
      schemaUrl: text,
    }),
    { maxLength: 2 },
  ),
});
const encode = (message: Obj) => Request.encode(Request.fromObject(message)).finish();

describe("the generated decoder answers as protobufjs did", () => {
  it("on random well-formed requests", () => {
    fc.assert(
      fc.property(request, (message) => {
        const pb = encode(message);
        expect(decodeOtlpProtobuf(pb)).toStrictEqual(protobufjsDecode(pb));
      }),
      { numRuns: 400, seed: SEED },
    );
  });

  it("with keys in the same order (field-number order)", () => {
    fc.assert(
      fc.property(request, (message) => {
        const pb = encode(message);
        expect(JSON.stringify(decodeOtlpProtobuf(pb))).toBe(JSON.stringify(protobufjsDecode(pb)));
      }),
      { numRuns: 200, seed: SEED + 1 },
    );
  });

  it("on the same requests cut short, with bits flipped, or a field given twice", () => {
    const broken = fc.tuple(request, fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), fc.nat(), fc.nat({ max: 2 })).map(([message, flips, cut, how]) => {
      const pb = encode(message);
      if (pb.length === 0) return pb;
      if (how === 0) return pb.subarray(0, cut % pb.length);
      if (how === 1) {
        const copy = pb.slice();
        for (const bit of flips) copy[(bit >> 3) % copy.length] ^= 1 << (bit & 7);
        return copy;
      }
      // Concatenated messages merge: repeated fields append, message fields merge, scalars last-wins.
      return Uint8Array.from([...pb, ...pb.subarray(0, cut % pb.length)]);
    });
    fc.assert(
      fc.property(broken, (pb) => {
        expect(outcome(decodeOtlpProtobuf, pb)).toStrictEqual(outcome(protobufjsDecode, pb));
      }),
      { numRuns: 1500, seed: SEED + 2 },
    );
  });

  it("on fields merged from two copies of one span", () => {
    // Span 1 then Span 2 for the same ScopeSpans.spans entry is two spans; the same Status twice in one span merges.
    const status = (code: number, message: string) => Request.encode(Request.fromObject({ resourceSpans: [{ scopeSpans: [{ spans: [{ status: { code, message } }] }] }] })).finish();
    const twice = Uint8Array.from([...status(2, "a"), ...status(0, "")]);
    expect(decodeOtlpProtobuf(twice)).toStrictEqual(protobufjsDecode(twice));
  });
});

describe("decodeOtlpProtobuf errors", () => {
  it("name the byte offset and the field being read", () => {
    // resourceSpans > scopeSpans > spans > name: a 5-byte string with no bytes left.
    const cut = Uint8Array.from([0x0a, 0x06, 0x12, 0x04, 0x12, 0x02, 0x2a, 0x05]);
    const error = (() => {
      try {
        decodeOtlpProtobuf(cut);
      } catch (e) {
        return e as OtlpDecodeError;
      }
    })();
    expect(error).toBeInstanceOf(OtlpDecodeError);
    expect(error?.offset).toBe(8);
    expect(error?.message).toMatch(/truncated: 5 bytes from offset 8 .* in resourceSpans\.scopeSpans\.spans\.name$/);
  });
});

describe("otlp-protobuf.generated.ts", () => {
  it("is what scripts/gen-otlp-decoder.mjs writes from proto/ now", () => {
    // Throws (exit 1, naming the file) when the .proto files or the generator changed without a regeneration.
    const out = execFileSync(process.execPath, ["scripts/gen-otlp-decoder.mjs", "--check"], { cwd: PACKAGE_DIR, encoding: "utf8" });
    expect(out).toContain("is up to date");
  });
});
