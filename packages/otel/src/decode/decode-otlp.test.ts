import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { InMemorySpanExporter, SimpleSpanProcessor, BasicTracerProvider, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeOtlp, decodeOtlpText } from "./decode-otlp.js";
import { gunzipWeb } from "./gzip.js";
import { OtlpDecodeError } from "./otlp-decode-error.js";
import { otlpContentEncoding, sniffOtlpBody } from "./sniff.js";

async function oneSpan(): Promise<ReadableSpan[]> {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  provider.getTracer("t").startSpan("chat", { startTime: [1767225600, 1], attributes: { k: "v" } }).end([1767225600, 2]);
  await provider.forceFlush();
  return exporter.getFinishedSpans();
}

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const enc = (s: string) => new TextEncoder().encode(s);
const spanNames = (objects: any[]) => objects.flatMap((o) => o.resourceSpans[0].scopeSpans[0].spans.map((s: any) => s.name));

describe("decodeOtlp", () => {
  it("reads protobuf, JSON and gzip of both from the bytes alone, all alike", async () => {
    const spans = await oneSpan();
    const pb = ProtobufTraceSerializer.serializeRequest(spans)!;
    const json = JsonTraceSerializer.serializeRequest(spans)!;
    const [fromPb] = await decodeOtlp(pb);
    const [fromJson] = await decodeOtlp(json);
    expect(await decodeOtlp(await gzip(pb))).toEqual([fromPb]);
    expect(await decodeOtlp(await gzip(json))).toEqual([fromJson]);
    const span = (fromPb as any).resourceSpans[0].scopeSpans[0].spans[0];
    expect((fromJson as any).resourceSpans[0].scopeSpans[0].spans[0]).toMatchObject({
      traceId: span.traceId, startTimeUnixNano: "1767225600000000001", name: "chat",
    });
  });

  it("follows Content-Type and Content-Encoding", async () => {
    const pb = ProtobufTraceSerializer.serializeRequest(await oneSpan())!;
    const zipped = await gzip(pb);
    expect(await decodeOtlp(zipped, { contentType: "application/x-protobuf", contentEncoding: "gzip" })).toEqual(await decodeOtlp(pb));
    await expect(decodeOtlp(enc('{"resourceSpans":[]}'), { contentType: "application/x-protobuf" })).rejects.toThrow(/^OTLP protobuf/);
  });

  it("reads JSON Lines, one object a line", async () => {
    const text = '{"resourceSpans":[{"scopeSpans":[{"spans":[{"name":"a"}]}]}]}\n{"resourceSpans":[{"scopeSpans":[{"spans":[{"name":"b"}]}]}]}\n';
    expect(spanNames(await decodeOtlp(enc(text)))).toEqual(["a", "b"]);
    expect(spanNames(await decodeOtlp(await gzip(enc(text)), { contentType: "application/x-ndjson" }))).toEqual(["a", "b"]);
  });

  it("passes JSON Lines options on", async () => {
    let bad = 0;
    const out = await decodeOtlp(enc('{"resourceSpans":[]}\n{oops\n'), { skipBadLines: true, onBadLine: () => bad++ });
    expect([out.length, bad]).toEqual([1, 1]);
  });

  it("rejects a gzip bomb past maxInflatedBytes", async () => {
    const zipped = await gzip(new Uint8Array(1_000_000).fill(0x20));
    await expect(decodeOtlp(zipped, { maxInflatedBytes: 100_000 })).rejects.toThrow("gzip: body inflates past the 100000-byte limit");
  });

  it("says gzip when the gzip is broken", async () => {
    const zipped = await gzip(enc('{"resourceSpans":[]}'));
    await expect(decodeOtlp(zipped.subarray(0, zipped.length - 12))).rejects.toThrow(/^gzip: cannot inflate/);
  });

  it("says UTF-8 when JSON text is not UTF-8", async () => {
    await expect(decodeOtlp(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))).rejects.toThrow("not valid UTF-8");
  });

  it("never throws anything but OtlpDecodeError on random or broken bodies", async () => {
    const pb = ProtobufTraceSerializer.serializeRequest(await oneSpan())!;
    const json = JsonTraceSerializer.serializeRequest(await oneSpan())!;
    const zipped = await gzip(pb);
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.constantFrom(pb, json, zipped).chain((b) => fc.tuple(fc.constant(b), fc.nat({ max: b.length - 1 }), fc.nat({ max: 7 }))
        .map(([bytes, at, bit]) => { const c = bytes.slice(); c[at] ^= 1 << bit; return c; })),
      fc.constantFrom(pb, json, zipped).chain((b) => fc.nat({ max: b.length }).map((n) => b.subarray(0, n))),
    );
    await fc.assert(
      fc.asyncProperty(body, async (bytes) => {
        try {
          await decodeOtlp(bytes);
        } catch (error) {
          if (!(error instanceof OtlpDecodeError)) throw error;
        }
      }),
      { numRuns: 1500 },
    );
  });
});

describe("decodeOtlpText", () => {
  it("tells pretty-printed JSON from JSON Lines", async () => {
    const pretty = '{\n  "resourceSpans": [\n    {"scopeSpans": [{"spans": [{"name": "p"}]}]}\n  ]\n}\n';
    expect(spanNames(await decodeOtlpText(pretty))).toEqual(["p"]);
    await expect(decodeOtlpText('{\n  "resourceSpans": [\n}')).rejects.toThrow(/^OTLP JSON: line 3 column 1: /);
  });
});

describe("otlpContentEncoding", () => {
  it("reads identity and gzip, and nothing else", () => {
    expect([undefined, null, "", " identity ", "IDENTITY"].map(otlpContentEncoding)).toEqual(Array(5).fill("identity"));
    expect(["gzip", "GZip", "x-gzip"].map(otlpContentEncoding)).toEqual(Array(3).fill("gzip"));
    expect(["br", "deflate", "zstd", "gzip, br", "gzip;q=1", "compress"].map(otlpContentEncoding)).toEqual(Array(6).fill(null));
  });
});

describe("sniffOtlpBody", () => {
  it("reads the headers first, then the bytes", () => {
    expect(sniffOtlpBody(enc("{}"), { contentEncoding: "gzip" })).toBe("gzip");
    expect(sniffOtlpBody(enc("{}"), { contentType: "application/x-protobuf" })).toBe("protobuf");
    expect(sniffOtlpBody(new Uint8Array([0x0a, 0x00]), { contentType: "application/json; charset=utf-8" })).toBe("text");
    expect(sniffOtlpBody(new Uint8Array([0x1f, 0x8b, 8]))).toBe("gzip");
    expect(sniffOtlpBody(enc('\uFEFF \r\n\t{"resourceSpans":[]}'))).toBe("text");
    expect(sniffOtlpBody(new Uint8Array([0x0a, 0x7b, 0x0a, 0x12]))).toBe("protobuf"); // "\n{" then control bytes
    expect(sniffOtlpBody(new Uint8Array(0))).toBe("protobuf"); // an empty request
  });
});

describe("gunzipWeb", () => {
  it("inflates what CompressionStream deflated", async () => {
    expect(await gunzipWeb(await gzip(enc("hello")))).toEqual(enc("hello"));
  });
});
