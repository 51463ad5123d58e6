// rowsWithSpans gives rowsFromOtel's rows exactly, and every span of each conversation with its
// timing as the file writes it, on every bundled OpenTelemetry example and capture.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { iterSpans } from "./spans.js";
import { rowsFromOtel } from "./rows-from-otel.js";
import { rowsWithSpans } from "./rows-with-spans.js";

const EXAMPLES = new URL("../../../examples/", import.meta.url);
const FILES = [
  ...readdirSync(new URL("otel/", EXAMPLES)).filter((f) => f.endsWith(".otlp.json")).map((f) => `otel/${f}`),
  ...readdirSync(new URL("captures/", EXAMPLES)).filter((f) => f.endsWith(".otlp.json")).map((f) => `captures/${f}`),
];
const load = (file: string): unknown => JSON.parse(readFileSync(new URL(file, EXAMPLES), "utf8"));

describe("rowsWithSpans", () => {
  it("covers the bundled examples", () => expect(FILES.length).toBeGreaterThan(10));

  it.each(FILES)("%s: the rows are rowsFromOtel's, and each span is listed once with its file times", (file) => {
    const source = load(file);
    const withSpans = rowsWithSpans(source);
    expect(withSpans.map((r) => r.row)).toEqual(rowsFromOtel(source));
    const byId = new Map<string, Record<string, unknown>>();
    for (const span of iterSpans(source)) byId.set(String(span.spanId), span);
    const listed = withSpans.flatMap((r) => r.spans);
    // Ids are unique in these files, so each span is in exactly one conversation.
    expect(new Set(listed.map((s) => s.spanId)).size).toBe(listed.length);
    for (const s of listed) {
      const span = byId.get(s.spanId);
      expect(span, s.spanId).toBeDefined();
      expect(s.startNs).toBe(BigInt(String(span?.startTimeUnixNano)));
      expect(s.endNs).toBe(BigInt(String(span?.endTimeUnixNano)));
      expect(s.parentSpanId).toBe(String(span?.parentSpanId ?? ""));
      expect(s.name).toBe(span?.name);
    }
    // Starts never go backwards: the order the row was read in.
    for (const { spans } of withSpans) for (let i = 1; i < spans.length; i++) expect((spans[i].startNs ?? 0n) >= (spans[i - 1].startNs ?? 0n)).toBe(true);
  });

  // events.otlp.json records its tool calls as events of model spans: no span is a tool's own.
  it.each(FILES.filter((f) => !f.endsWith("events.otlp.json")))("%s: every tool step is linked from exactly one span", (file) => {
    for (const { row, spans } of rowsWithSpans(load(file))) {
      const toolSteps = row.steps.flatMap((step, i) => ("tool" in step ? [i] : []));
      expect(spans.flatMap((s) => (s.step === null ? [] : [s.step])).sort((a, b) => a - b)).toEqual(toolSteps);
    }
  });

  it("links a tool span to the step it became, and only tool spans", () => {
    const [{ row, spans }] = rowsWithSpans(load("otel/genai.otlp.json"));
    const linked = spans.filter((s) => s.step !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const s of linked) expect((row.steps[s.step as number] as { tool: string }).tool).toBe(s.tool ?? s.name);
    expect(new Set(linked.map((s) => s.step)).size).toBe(linked.length);
  });

  it("reads status, kind and millisecond times; a span with no end has none", () => {
    const spans = [
      { traceId: "t", spanId: "a", name: "chat", startedMs: 5, endedMs: 9, kind: 3, status: { code: "STATUS_CODE_ERROR" }, attributes: { "gen_ai.input.messages": '[{"role":"user","content":"hi"}]', "gen_ai.usage.input_tokens": 7 } },
      { traceId: "t", spanId: "b", parentSpanId: "a", name: "tool", startTimeUnixNano: "6000000", status: { code: 1 }, attributes: {} },
    ];
    const [{ spans: out }] = rowsWithSpans(spans);
    expect(out.map((s) => [s.spanId, s.startNs, s.endNs, s.status, s.kind, s.inputTokens])).toEqual([
      ["a", 5_000_000n, 9_000_000n, "error", 3, 7],
      ["b", 6_000_000n, null, "ok", null, null],
    ]);
  });

  it("raises where rowsFromOtel raises", () => {
    const bad = [{ traceId: "t", spanId: "a", name: "x", startTimeUnixNano: "soon", attributes: { "gen_ai.input.messages": '[{"role":"user","content":"hi"}]' } }];
    expect(() => rowsFromOtel(bad)).toThrow(/invalid literal/);
    expect(() => rowsWithSpans(bad)).toThrow(/invalid literal/);
  });
});
