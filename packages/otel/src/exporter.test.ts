import { SimpleSpanProcessor, BasicTracerProvider } from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import type { OtelRow } from "./assemble.js";
import { WhileSpanExporter } from "./exporter.js";
import { EXPECTED_ROW, SCRIPTS, emitScript, type Convention } from "./testing/scripted-agent.js";

function providerFor(exporter: WhileSpanExporter) {
  return new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
}

describe("WhileSpanExporter", () => {
  for (const convention of Object.keys(SCRIPTS) as Convention[]) {
    it(`turns a scripted ${convention} run into the expected row`, async () => {
      const rows: OtelRow[] = [];
      const exporter = new WhileSpanExporter({ onRow: (row) => rows.push(row), idleMs: 60_000 });
      const provider = providerFor(exporter);
      const script = SCRIPTS[convention]();
      emitScript(provider.getTracer("scripted-agent"), script);
      expect(rows).toEqual([]);
      await provider.shutdown();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ...EXPECTED_ROW, conversation_id: `conv-${convention}`, schema_version: "1" });
      expect(rows[0].ts).toBe(Date.UTC(2026, 10, 29, 12) * 1e6);
      expect(exporter.stats).toMatchObject({ spans: script.length, rows: 1, open: 0, evicted: 0 });
    });
  }

  it("emits a conversation once it has been idle, and streams rows to an async iterator", async () => {
    const exporter = new WhileSpanExporter({ idleMs: 30, checkEveryMs: 10 });
    const provider = providerFor(exporter);
    const iterator = exporter.rows()[Symbol.asyncIterator]();
    const next = iterator.next();
    emitScript(provider.getTracer("scripted-agent"), SCRIPTS.genai());
    const first = await next;
    expect(first.value).toMatchObject({ conversation_id: "conv-genai", final_text: EXPECTED_ROW.final_text });
    const done = iterator.next();
    await provider.shutdown();
    expect(await done).toEqual({ done: true, value: undefined });
  });

  it("refuses spans after shutdown with a failed result", async () => {
    const exporter = new WhileSpanExporter();
    await exporter.shutdown();
    const result = await new Promise<{ code: number; error?: Error }>((resolve) => exporter.export([], resolve));
    expect(result.code).toBe(1);
    expect(result.error?.message).toMatch(/shut down/);
  });
});
