import { SpanKind, SpanStatusCode, context, trace, type Link } from "@opentelemetry/api";
import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { InMemorySpanExporter, SimpleSpanProcessor, BasicTracerProvider, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseOtlpJson } from "./json.js";
import { OtlpDecodeError } from "./otlp-decode-error.js";
import { decodeOtlpProtobuf } from "./protobuf.js";

const AGENT_START = [1767225600, 123456789] as const; // 1767225600123456789 ns: not a double

/** Spans made by the official SDK: parent/child, kinds, events, links, status, big timestamps. */
async function sdkSpans(): Promise<ReadableSpan[]> {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": "agent", "deployment.id": 7 }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer("whileai-test", "1.2.3");
  const root = tracer.startSpan("invoke_agent", { kind: SpanKind.SERVER, startTime: [...AGENT_START] });
  const ctx = trace.setSpan(context.active(), root);
  const link: Link = { context: root.spanContext(), attributes: { "link.kind": "retry" } };
  const chat = tracer.startSpan("chat gpt-4o", {
    kind: SpanKind.CLIENT,
    startTime: [1767225600, 500000001],
    links: [link],
    attributes: {
      "gen_ai.operation.name": "chat",
      "gen_ai.usage.input_tokens": 1234,
      "gen_ai.request.temperature": 0.25,
      "gen_ai.request.stream": false,
      "gen_ai.request.stop_sequences": ["\n\n", "END"],
      "ids": [1, -2, 3],
      "negative": -42,
      "huge": 2 ** 53 + 2, // above 2^53, and JSON.stringify prints it exactly
      "unicode": "héllo 🌍 \u0000 end",
    },
  }, ctx);
  chat.addEvent("gen_ai.user.message", { content: '{"role":"user"}' }, [1767225600, 600000007]);
  chat.addEvent("no-attributes", [1767225600, 600000008]);
  chat.setStatus({ code: SpanStatusCode.ERROR, message: "rate limited" });
  chat.end([1767225601, 999999999]);
  root.setStatus({ code: SpanStatusCode.OK });
  root.end([1767225602, 1]);
  await provider.forceFlush();
  const [chatSpan, rootSpan] = exporter.getFinishedSpans();
  // The SDK API takes only primitive attributes; the OTLP encoders also take bytes and maps
  // (log bodies use them, and receivers see them from other languages), so add some here.
  const rich = Object.create(rootSpan, {
    attributes: {
      value: {
        ...rootSpan.attributes,
        blob: new Uint8Array([0, 1, 2, 250, 255]),
        empty_blob: new Uint8Array(0),
        nested: { role: "assistant", n: 3, parts: [{ type: "text", ok: true }], deep: { empty: {} } },
        mixed: ["a", 1, 2.5, true],
        empty_list: [],
      },
    },
  }) as ReadableSpan;
  return [chatSpan, rich];
}

const AnyValueKeys = new Set(["stringValue", "boolValue", "intValue", "doubleValue", "arrayValue", "kvlistValue", "bytesValue"]);

/**
 * The JSON exporter writes default values (`droppedAttributesCount: 0`, `links: []`) and small
 * ints as numbers; proto3 JSON leaves defaults out and writes int64 as strings. Both are valid
 * OTLP/JSON; bring the JSON side to the proto3 form to compare. AnyValue members are kept even
 * at their default (`intValue: 0` is a value).
 */
function proto3Form(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => proto3Form(v));
  if (value === null || typeof value !== "object") {
    return typeof value === "number" && (key === "intValue" || key.endsWith("UnixNano")) ? String(value) : value;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const isDefault = v === 0 || v === "" || v === false || (Array.isArray(v) && v.length === 0);
    if (isDefault && !AnyValueKeys.has(k)) continue;
    out[k] = proto3Form(v, k);
  }
  return out;
}

describe("decodeOtlpProtobuf", () => {
  it("gives the OTLP/JSON the official JSON exporter writes for the same spans", async () => {
    const spans = await sdkSpans();
    const pb = ProtobufTraceSerializer.serializeRequest(spans)!;
    const json = new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)!);
    const fromPb = decodeOtlpProtobuf(pb);
    const fromJson = parseOtlpJson(json);
    expect(fromPb).toEqual(proto3Form(fromJson));
  });

  it("keeps 64-bit values exact and ids as lowercase hex", async () => {
    const spans = await sdkSpans();
    const out = decodeOtlpProtobuf(ProtobufTraceSerializer.serializeRequest(spans)!) as any;
    const [chat, root] = out.resourceSpans[0].scopeSpans[0].spans;
    expect(root.startTimeUnixNano).toBe("1767225600123456789");
    expect(chat.endTimeUnixNano).toBe("1767225601999999999");
    expect(chat.events[0].timeUnixNano).toBe("1767225600600000007");
    expect(root.traceId).toBe(spans[1].spanContext().traceId);
    expect(root.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(chat.parentSpanId).toBe(root.spanId);
    expect(root.parentSpanId).toBeUndefined();
    expect(chat.links[0]).toMatchObject({ traceId: root.traceId, spanId: root.spanId });
    expect(chat.kind).toBe(3);
    expect(chat.status).toEqual({ message: "rate limited", code: 2 });
    const attr = (span: any, key: string) => span.attributes.find((a: any) => a.key === key)?.value;
    expect(attr(chat, "huge")).toEqual({ intValue: "9007199254740994" });
    expect(attr(chat, "negative")).toEqual({ intValue: "-42" });
    expect(attr(chat, "unicode")).toEqual({ stringValue: "héllo 🌍 \u0000 end" });
    expect(attr(root, "blob")).toEqual({ bytesValue: "AAEC+v8=" });
    expect(attr(root, "nested").kvlistValue.values[0]).toEqual({ key: "role", value: { stringValue: "assistant" } });
    expect(out.resourceSpans[0].scopeSpans[0].scope).toEqual({ name: "whileai-test", version: "1.2.3" });
  });

  it("decodes an empty body as an empty request", () => {
    expect(decodeOtlpProtobuf(new Uint8Array(0))).toEqual({});
  });

  it("throws OtlpDecodeError naming the byte count for a truncated body", async () => {
    const pb = ProtobufTraceSerializer.serializeRequest(await sdkSpans())!;
    const cut = pb.subarray(0, pb.length - 10);
    expect(() => decodeOtlpProtobuf(cut)).toThrow(OtlpDecodeError);
    expect(() => decodeOtlpProtobuf(cut)).toThrow(`(${cut.length} bytes)`);
  });

  it("says protobuf when given JSON text", () => {
    const bytes = new TextEncoder().encode('{"resourceSpans": []}');
    expect(() => decodeOtlpProtobuf(bytes)).toThrow(/OTLP protobuf: not a valid ExportTraceServiceRequest/);
  });

  it("skips unknown fields, as OTLP receivers must", () => {
    // field 99 (varint 5), then resourceSpans: [{}]
    const bytes = new Uint8Array([0x98, 0x06, 0x05, 0x0a, 0x00]);
    expect(decodeOtlpProtobuf(bytes)).toEqual({ resourceSpans: [{}] });
  });
});

describe("decodeOtlpProtobuf on hostile input", () => {
  /** Decoding either succeeds or throws OtlpDecodeError: never anything else. */
  function decodesOrSaysWhy(bytes: Uint8Array): boolean {
    try {
      decodeOtlpProtobuf(bytes);
      return true;
    } catch (error) {
      if (error instanceof OtlpDecodeError && error.message.startsWith("OTLP protobuf: ")) return true;
      throw error;
    }
  }

  it("random bytes", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 512 }), decodesOrSaysWhy), { numRuns: 3000 });
  });

  it("every truncation and random bit flips of a real payload", async () => {
    const pb = ProtobufTraceSerializer.serializeRequest(await sdkSpans())!;
    for (let n = 0; n < pb.length; n++) expect(decodesOrSaysWhy(pb.subarray(0, n))).toBe(true);
    const flips = fc.array(fc.nat({ max: pb.length * 8 - 1 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(flips, (bits) => {
        const copy = pb.slice();
        for (const bit of bits) copy[bit >> 3] ^= 1 << (bit & 7);
        return decodesOrSaysWhy(copy);
      }),
      { numRuns: 3000 },
    );
  });

  it("nesting deep enough to overflow the stack", () => {
    // resourceSpans > scopeSpans > spans > attributes > value, then 200k nested arrayValues.
    const depth = 200_000;
    const parts: number[] = [];
    for (let i = 0; i < depth; i++) parts.push(0x2a, 0x02, 0x0a, 0x00); // arrayValue{values:[...]} with bogus lengths
    const bytes = new Uint8Array(parts);
    expect(decodesOrSaysWhy(bytes)).toBe(true);
    // A well-formed chain: each level is AnyValue{arrayValue: ArrayValue{values: [next]}}.
    let inner: Uint8Array = new Uint8Array(0);
    for (let i = 0; i < 20_000; i++) inner = wrap(0x2a, wrap(0x0a, inner));
    const request = wrap(0x0a, wrap(0x12, wrap(0x12, wrap(0x4a, wrap(0x12, inner)))));
    expect(() => decodeOtlpProtobuf(request)).toThrow(OtlpDecodeError);
  });
});

/** A length-delimited protobuf field: tag byte, varint length, body. */
function wrap(tag: number, body: Uint8Array): Uint8Array {
  const len: number[] = [];
  let n = body.length;
  do {
    len.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n = Math.floor(n / 128);
  } while (n > 0);
  const out = new Uint8Array(1 + len.length + body.length);
  out[0] = tag;
  out.set(len, 1);
  out.set(body, 1 + len.length);
  return out;
}
