import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConversationBuffer } from "./conversations.js";
import { rowsFromOtel } from "./rows-from-otel.js";
import { iterSpans } from "./spans.js";

const vectorsFile = fileURLToPath(new URL("../../../../shared/conformance/rows_from_otel.jsonl", import.meta.url));
const sources: unknown[] = existsSync(vectorsFile)
  ? readFileSync(vectorsFile, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as { args: unknown[]; out: unknown })
      .filter((v) => Array.isArray(v.out))
      .map((v) => v.args[0])
  : [];

const span = (trace: string, start: number, attrs: Record<string, string>) => ({
  traceId: trace,
  startTimeUnixNano: String(start),
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value: { stringValue: value } })),
});
const user = (text: string) => JSON.stringify([{ role: "user", content: text }]);
const assistant = (text: string) => JSON.stringify([{ role: "assistant", content: text }]);

describe("ConversationBuffer", () => {
  it.skipIf(sources.length === 0)("flushing everything at once gives rowsFromOtel's rows for every recorded export", () => {
    for (const source of sources) {
      const buffer = new ConversationBuffer();
      buffer.add(source);
      expect(buffer.flushAll()).toEqual(rowsFromOtel(source));
    }
  });

  it.skipIf(sources.length === 0)("spans arriving in any batches give the same rows", () => {
    const lists = sources.map((source) => [...iterSpans(source)]).filter((spans) => spans.length > 1);
    fc.assert(
      fc.property(fc.constantFrom(...lists), fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 10 }), (spans, cuts) => {
        const buffer = new ConversationBuffer();
        let at = 0;
        for (const size of [...cuts, spans.length]) {
          buffer.add(spans.slice(at, at + size));
          at += size;
        }
        expect(buffer.flushAll()).toEqual(rowsFromOtel(spans));
      }),
      { numRuns: 300 },
    );
  });

  it("a trace claimed by a conversation later moves into it", () => {
    const buffer = new ConversationBuffer();
    buffer.add([span("t1", 2, { "gen_ai.output.messages": assistant("done") })]);
    buffer.add([span("t1", 1, { "gen_ai.conversation.id": "c1", "gen_ai.input.messages": user("hi") })]);
    expect(buffer.stats.open).toBe(1);
    expect(buffer.flushAll()).toMatchObject([{ conversation_id: "c1", prompt: "hi", final_text: "done" }]);
  });

  it("emits a conversation once it has been idle for idleMs", () => {
    let clock = 0;
    const buffer = new ConversationBuffer({ idleMs: 1000, now: () => clock });
    buffer.add([span("a", 1, { "gen_ai.input.messages": user("first") })]);
    clock = 600;
    buffer.add([span("b", 2, { "gen_ai.input.messages": user("second") })]);
    clock = 1000;
    expect(buffer.flushIdle().map((r) => r.prompt)).toEqual(["first"]);
    clock = 1599;
    expect(buffer.flushIdle()).toEqual([]);
    clock = 1600;
    expect(buffer.flushIdle().map((r) => r.prompt)).toEqual(["second"]);
    expect(buffer.stats).toMatchObject({ spans: 2, open: 0, buffered: 0, rows: 2, evicted: 0 });
  });

  it("caps open conversations and buffered spans, emitting the least recently active early and counting it", () => {
    let clock = 0;
    const buffer = new ConversationBuffer({ maxConversations: 2, maxSpans: 3, now: () => clock });
    const early: string[] = [];
    for (const [i, trace] of ["a", "b", "c"].entries()) {
      clock = i;
      early.push(...buffer.add([span(trace, i, { "gen_ai.input.messages": user(`prompt ${trace}`) })]).map((r) => r.prompt));
    }
    expect(early).toEqual(["prompt a"]);
    clock = 10;
    early.push(...buffer.add([span("c", 5, {}), span("c", 6, {})]).map((r) => r.prompt));
    expect(early).toEqual(["prompt a", "prompt b"]);
    expect(buffer.stats).toMatchObject({ evicted: 2, open: 1, buffered: 3 });
    expect(buffer.flushAll().map((r) => r.prompt)).toEqual(["prompt c"]);
  });

  it("caps the buffered spans' estimated bytes, emitting the least recently active conversation early", () => {
    let clock = 0;
    const big = { "gen_ai.input.messages": user("x".repeat(4000)) };
    const buffer = new ConversationBuffer({ maxBufferedBytes: 20_000, now: () => clock });
    const early: string[] = [];
    for (const trace of ["a", "b", "c"]) {
      clock++;
      early.push(...buffer.add([span(trace, clock, big)]).map((r) => String(r.conversation_id)));
    }
    // Each span is estimated at about 8 KB (twice its 4 KB of text): two fit, the third pushes out the first.
    expect(early).toEqual(["a"]);
    expect(buffer.stats).toMatchObject({ evicted: 1, open: 2, buffered: 2 });
    expect(buffer.stats.bufferedBytes).toBeGreaterThan(16_000);
    expect(buffer.stats.bufferedBytes).toBeLessThanOrEqual(20_000);
    buffer.flushAll();
    expect(buffer.stats).toMatchObject({ buffered: 0, bufferedBytes: 0 });
  });

  it("rejects caps that are not positive integers", () => {
    expect(() => new ConversationBuffer({ maxBufferedBytes: 0.5 })).toThrow(/maxBufferedBytes must be an integer >= 1/);
    expect(() => new ConversationBuffer({ maxConversations: 0 })).toThrow(/maxConversations must be an integer >= 1/);
    expect(() => new ConversationBuffer({ idleMs: Number.NaN })).toThrow(/idleMs/);
  });
});
