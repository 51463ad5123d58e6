import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { InMemorySpanExporter, SimpleSpanProcessor, BasicTracerProvider, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import { decodeOtlpProtobuf } from "../decode/protobuf.js";
import { OtlpDecodeError } from "../decode/otlp-decode-error.js";
import { gunzipNode } from "./gunzip-node.js";
import { readOtlpFile, type ReadOtlpFileOptions } from "./read-otlp-file.js";

const dir = mkdtempSync(join(tmpdir(), "otel-read-"));
function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function readAll(path: string, options?: ReadOtlpFileOptions) {
  const gen = readOtlpFile(path, options);
  const objects: any[] = [];
  for (;;) {
    const next = await gen.next();
    if (next.done) return { objects, summary: next.value };
    objects.push(next.value);
  }
}

async function spans(): Promise<ReadableSpan[]> {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer("file-test");
  tracer.startSpan("a", { startTime: [1767225600, 7] }).end([1767225600, 8]);
  tracer.startSpan("b", { startTime: [1767225600, 9] }).end([1767225601, 0]);
  await provider.forceFlush();
  return exporter.getFinishedSpans();
}

const line = (name: string) => `{"resourceSpans":[{"scopeSpans":[{"spans":[{"name":"${name}","startTimeUnixNano":1767225600000000001}]}]}]}`;

describe("readOtlpFile", () => {
  it("reads protobuf, plain or gzipped, the same as decodeOtlpProtobuf", async () => {
    const pb = ProtobufTraceSerializer.serializeRequest(await spans())!;
    const expected = decodeOtlpProtobuf(pb);
    expect(await readAll(file("a.bin", pb))).toEqual({ objects: [expected], summary: { format: "protobuf", gzip: false, objects: 1, skipped: 0 } });
    expect((await readAll(file("a.bin.gz", gzipSync(pb)))).objects).toEqual([expected]);
    expect((await readAll(file("named.pb", pb))).summary.format).toBe("protobuf");
  });

  it("reads JSON, pretty or not, gzipped or not", async () => {
    const json = new TextDecoder().decode(JsonTraceSerializer.serializeRequest(await spans())!);
    const pretty = JSON.stringify(JSON.parse(json), null, 2);
    const one = await readAll(file("one.json", json));
    expect(one.objects).toHaveLength(1);
    expect(one.objects[0].resourceSpans[0].scopeSpans[0].spans[0].startTimeUnixNano).toBe("1767225600000000007");
    expect(await readAll(file("pretty.json", pretty))).toEqual({ ...one, summary: { ...one.summary, format: "json" } });
    expect((await readAll(file("pretty.json.gz", gzipSync(pretty)))).objects).toEqual(one.objects);
  });

  it("streams JSON Lines, also under a .json name as the collector writes them", async () => {
    const text = `${line("x")}\n\n${line("y")}\n`;
    for (const name of ["t.jsonl", "t.json", "t.json.gz"]) {
      const { objects, summary } = await readAll(file(name, name.endsWith(".gz") ? gzipSync(text) : text));
      expect(objects.map((o) => o.resourceSpans[0].scopeSpans[0].spans[0].name)).toEqual(["x", "y"]);
      expect(objects[0].resourceSpans[0].scopeSpans[0].spans[0].startTimeUnixNano).toBe("1767225600000000001");
      expect(summary).toMatchObject({ format: "jsonl", objects: 2, skipped: 0 });
    }
  });

  it("names the file and line of a bad JSON line, or skips and counts", async () => {
    const path = file("bad.jsonl", `${line("x")}\n{"resourceSpans":\n${line("y")}\n`);
    await expect(readAll(path)).rejects.toThrow(`${path}: OTLP JSON Lines: line 2 column 18: `);
    const { summary } = await readAll(path, { skipBadLines: true });
    expect(summary).toMatchObject({ objects: 2, skipped: 1 });
  });

  it("reads a large JSON Lines file lazily", async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => line(`s${i}`)).join("\n");
    const gen = readOtlpFile(file("many.jsonl.gz", gzipSync(many)));
    const first = await gen.next();
    expect(first.value).toMatchObject({ resourceSpans: [{ scopeSpans: [{ spans: [{ name: "s0" }] }] }] });
    await gen.return(undefined as never); // closes the file
    let n = 0;
    for await (const _ of readOtlpFile(join(dir, "many.jsonl.gz"))) n++;
    expect(n).toBe(20_000);
  });

  it("throws OtlpDecodeError for broken gzip and protobuf, naming the file", async () => {
    const pb = ProtobufTraceSerializer.serializeRequest(await spans())!;
    const zipped = gzipSync(pb);
    const cut = file("cut.pb.gz", zipped.subarray(0, zipped.length - 20));
    await expect(readAll(cut)).rejects.toThrow(OtlpDecodeError);
    await expect(readAll(cut)).rejects.toThrow(`${cut}: gzip: cannot inflate`);
    const broken = file("broken.pb", pb.subarray(0, pb.length - 5));
    await expect(readAll(broken)).rejects.toThrow(`${broken}: OTLP protobuf: not a valid ExportTraceServiceRequest`);
  });

  it("reads an empty file as no JSON Lines under .jsonl, an empty request otherwise", async () => {
    expect((await readAll(file("empty.jsonl", ""))).objects).toEqual([]);
    expect((await readAll(file("empty.bin", ""))).objects).toEqual([{}]);
  });
});

describe("gunzipNode", () => {
  it("inflates, and refuses past the limit", async () => {
    expect(new TextDecoder().decode(await gunzipNode(gzipSync("hello")))).toBe("hello");
    await expect(gunzipNode(gzipSync(new Uint8Array(10_000)), 1000)).rejects.toThrow("gzip: body inflates past the 1000-byte limit");
    await expect(gunzipNode(new Uint8Array([0x1f, 0x8b, 1, 2]))).rejects.toThrow(OtlpDecodeError);
  });
  it("reads every member of a multi-member body, and a body of exactly the limit", async () => {
    const body = new Uint8Array([...gzipSync("hello "), ...gzipSync(new Uint8Array(600_000).fill(97)), ...gzipSync("")]);
    const out = await gunzipNode(body, 600_006);
    expect(out.length).toBe(600_006);
    expect(new TextDecoder().decode(out.subarray(0, 8))).toBe("hello aa");
    await expect(gunzipNode(body, 600_005)).rejects.toThrow("gzip: body inflates past the 600005-byte limit");
  });
});
