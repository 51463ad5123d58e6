// Real emitters against the real receiver on 127.0.0.1: the official OpenTelemetry JS SDK and
// its OTLP/HTTP exporters (JSON and protobuf, plain and gzip) send a scripted agent run in each
// convention; the rows must be the expected ones, and the same as WhileSpanExporter gives.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtoExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { SimpleSpanProcessor, BasicTracerProvider, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { OtelRow } from "../assemble.js";
import { WhileSpanExporter } from "../exporter.js";
import { exportOf, span as otlpSpan } from "../testing/otlp.js";
import { EXPECTED_ROW, SCRIPTS, emitScript, type Convention } from "../testing/scripted-agent.js";
import { startOtlpReceiver, type OtlpReceiver } from "./otlp-receiver.js";

const open: OtlpReceiver[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});

async function receiver(options: Parameters<typeof startOtlpReceiver>[0] = {}) {
  const rows: OtelRow[] = [];
  const r = await startOtlpReceiver({ port: 0, idleMs: 60_000, onRow: (row) => rows.push(row), ...options });
  open.push(r);
  return { r, rows };
}

async function send(exporter: SpanExporter, convention: Convention): Promise<void> {
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  emitScript(provider.getTracer("scripted-agent"), SCRIPTS[convention]());
  await provider.forceFlush();
  await provider.shutdown();
}

async function viaExporter(convention: Convention): Promise<OtelRow[]> {
  const rows: OtelRow[] = [];
  await send(new WhileSpanExporter({ onRow: (row) => rows.push(row) }), convention);
  return rows;
}

const EXPORTERS = {
  "OTLP/HTTP JSON": (url: string) => new JsonExporter({ url }),
  "OTLP/HTTP protobuf": (url: string) => new ProtoExporter({ url }),
  "OTLP/HTTP protobuf, gzip": (url: string) => new ProtoExporter({ url, compression: "gzip" as never }),
};

describe("OTLP/HTTP receiver with the official exporters", () => {
  for (const [transport, make] of Object.entries(EXPORTERS)) {
    for (const convention of Object.keys(SCRIPTS) as Convention[]) {
      it(`${transport}, ${convention}: the expected row, as WhileSpanExporter gives it`, async () => {
        const { r, rows } = await receiver();
        await send(make(r.url), convention);
        const stats = await r.close();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ ...EXPECTED_ROW, conversation_id: `conv-${convention}` });
        expect(rows).toEqual(await viaExporter(convention));
        expect(stats).toMatchObject({ spans: SCRIPTS[convention]().length, rows: 1, rejected: 0, evicted: 0 });
      });
    }
  }
});

describe("OTLP/HTTP receiver", () => {
  const post = (url: string, body: BodyInit | null, headers: Record<string, string>, method = "POST") => fetch(url, { method, body, headers });

  it("answers 400 with a message in the request's content type, and keeps serving", async () => {
    const { r } = await receiver();
    const json = await post(r.url, "{ not json", { "content-type": "application/json" });
    expect(json.status).toBe(400);
    expect(json.headers.get("content-type")).toBe("application/json");
    expect((await json.json()).message).toMatch(/malformed OTLP traces body/);
    const proto = await post(r.url, new Uint8Array([0x0a, 0xff, 0xff]), { "content-type": "application/x-protobuf" });
    expect(proto.status).toBe(400);
    expect(proto.headers.get("content-type")).toBe("application/x-protobuf");
    expect(new Uint8Array(await proto.arrayBuffer()).length).toBeGreaterThan(2);
    expect((await post(r.url, "{}", { "content-type": "application/json" })).status).toBe(200);
    expect(r.stats).toMatchObject({ requests: 3, rejected: 2 });
  });

  it("refuses a body over the limit with 413, gzip bombs included", async () => {
    const { r } = await receiver({ bodyLimit: 1000, inflatedLimit: 10_000 });
    const big = await post(r.url, JSON.stringify({ resourceSpans: [], pad: "x".repeat(5000) }), { "content-type": "application/json" });
    expect(big.status).toBe(413);
    const bomb = gzipSync(Buffer.from(JSON.stringify({ resourceSpans: [], pad: " ".repeat(100_000) })));
    expect(bomb.length).toBeLessThan(1000);
    const inflated = await post(r.url, bomb, { "content-type": "application/json", "content-encoding": "gzip" });
    expect(inflated.status).toBe(400);
    expect((await inflated.json()).message).toMatch(/limit/);
    expect(r.stats).toMatchObject({ tooLarge: 1 });
  });

  it("answers 415 for a Content-Encoding it cannot read, rather than reading the body as plain", async () => {
    const { r } = await receiver();
    for (const encoding of ["br", "deflate", "gzip, br"]) {
      const reply = await post(r.url, "{}", { "content-type": "application/json", "content-encoding": encoding });
      expect(reply.status, encoding).toBe(415);
      expect((await reply.json()).message).toContain(JSON.stringify(encoding));
    }
    expect((await post(r.url, gzipSync("{}"), { "content-type": "application/json", "content-encoding": "x-gzip" })).status).toBe(200);
    expect((await post(r.url, "{}", { "content-type": "application/json", "content-encoding": "identity" })).status).toBe(200);
    expect(r.stats).toMatchObject({ requests: 5, rejected: 3 });
  });

  it("answers 404 off the route and 405 for other methods", async () => {
    const { r } = await receiver();
    expect((await post(r.url.replace("/v1/traces", "/v1/logs"), "{}", { "content-type": "application/json" })).status).toBe(404);
    const get = await post(r.url, null, {}, "GET");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("never crashes on arbitrary bodies and content types", async () => {
    const { r } = await receiver();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.constantFrom("application/json", "application/x-protobuf", "text/plain", ""), async (body, type) => {
        const response = await post(r.url, body, type ? { "content-type": type } : {});
        expect([200, 400]).toContain(response.status);
      }),
      { numRuns: 150 },
    );
    expect((await post(r.url, "{}", { "content-type": "application/json" })).status).toBe(200);
  });

  it("writes rows to a JSONL file when conversations go idle and on close", async () => {
    const output = join(mkdtempSync(join(tmpdir(), "otlp-receiver-")), "rows.jsonl");
    // The receiver's clock moves only when the test moves it: the spans are one conversation
    // however slowly they arrive, and it goes idle at the next check after the move.
    let now = 0;
    let emitted!: () => void;
    const firstRow = new Promise<void>((resolve) => (emitted = resolve));
    const { r } = await receiver({ output, idleMs: 100, checkEveryMs: 20, now: () => now, onRow: () => emitted() });
    await send(new JsonExporter({ url: r.url }), "genai");
    expect(r.stats).toMatchObject({ rows: 0, open: 1 });
    now += 100;
    await firstRow;
    expect(r.stats).toMatchObject({ rows: 1, open: 0 });
    await send(new JsonExporter({ url: r.url }), "openllmetry");
    await r.close();
    const lines = readFileSync(output, "utf8").trim().split("\n").map((line) => JSON.parse(line) as OtelRow);
    expect(lines.map((row) => row.conversation_id)).toEqual(["conv-genai", "conv-openllmetry"]);
  });

  it("holds about maxBufferedBytes of spans under load, however many conversations are open, losing none", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const liveHeap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const maxBufferedBytes = 16 << 20;
    // Rows are counted, not kept, so what the heap holds is the receiver's.
    const conversations = new Set<string>();
    const { r } = await receiver({ maxBufferedBytes, onRow: (row) => conversations.add(String(row.conversation_id)) });
    const before = liveHeap();
    // 250 requests of 50 spans of 8 KB of text, 8 spans per conversation: 100 MB, far under the count caps.
    const text = "The agent looked the order up and answered the customer. ".repeat(70);
    let seq = 0;
    for (let request = 0; request < 250; request++) {
      const spans = Array.from({ length: 50 }, () => {
        seq++;
        const attributes = { "gen_ai.conversation.id": `conv-${Math.floor(seq / 8)}`, "gen_ai.prompt": `${text}${seq}`, "gen_ai.completion": `${seq}${text}` };
        return otlpSpan({ traceId: Math.floor(seq / 8).toString(16).padStart(32, "0"), start: 1_700_000_000_000_000_000n + BigInt(seq), attributes });
      });
      const reply = await fetch(r.url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(exportOf(spans)) });
      expect(reply.status).toBe(200);
      await reply.text();
    }
    // Without the byte cap it held every span: 116 MB here; with it, 13 MB.
    expect(liveHeap() - before).toBeLessThan(48 << 20);
    expect(r.stats.bufferedBytes).toBeLessThanOrEqual(maxBufferedBytes);
    expect(r.stats.evicted).toBeGreaterThan(0);
    await r.close();
    // Each conversation's spans arrive together, so the early ones went out whole: one row each.
    expect(r.stats).toMatchObject({ spans: 12_500, buffered: 0, bufferedBytes: 0, rows: 1563 });
    expect(conversations.size).toBe(1563);
  });

  it("bounds memory when conversations never end: early rows, counted", async () => {
    const { r, rows } = await receiver({ maxConversations: 2 });
    for (const convention of ["genai", "events", "openinference"] as Convention[]) await send(new JsonExporter({ url: r.url }), convention);
    expect(r.stats).toMatchObject({ evicted: 1, open: 2 });
    expect(rows.map((row) => row.conversation_id)).toEqual(["conv-genai"]);
    await r.close();
    expect(rows).toHaveLength(3);
  });
});
