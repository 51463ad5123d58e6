// The pure time, token and cost module, the price lookup, the list ranking and the waterfall layout.
import { readFileSync } from "node:fs";
import { rowsWithSpans, type OtelSpanSummary } from "@whileai/otel";
import { describe, expect, test } from "vitest";
import { DEFAULT_PRICES, priceKeyFor } from "../src/analysis/prices.js";
import { filterAndSort } from "../src/analysis/row-ranking.js";
import { costOf, nsToMs, rowUsage, spanExtentMs, usageSummary } from "../src/analysis/usage.js";
import { waterfall } from "../src/analysis/waterfall.js";
import { EXAMPLES_DIR } from "./support/browser.js";

const PRICES = DEFAULT_PRICES.models;
const span = (id: string, parent: string, start: bigint | null, end: bigint | null, step: number | null = null): OtelSpanSummary => ({
  spanId: id, parentSpanId: parent, traceId: "t", name: id, startNs: start, endNs: end, status: "unset", kind: null,
  operation: null, tool: null, model: null, inputTokens: null, outputTokens: null, step,
});

describe("prices", () => {
  test("a dated snapshot or provider prefix finds its model, the longest name wins, an unknown model finds none", () => {
    expect(priceKeyFor("gpt-4o-2024-08-06", PRICES)).toBe("gpt-4o");
    expect(priceKeyFor("gpt-4o-mini-2024-07-18", PRICES)).toBe("gpt-4o-mini");
    expect(priceKeyFor("claude-sonnet-4-5-20250929", PRICES)).toBe("claude-sonnet-4-5");
    expect(priceKeyFor("openai/GPT-4.1", PRICES)).toBe("gpt-4.1");
    expect(priceKeyFor("o3-mini", PRICES)).toBe("o3-mini");
    expect(priceKeyFor("gpt-4oo", PRICES)).toBeNull();
    expect(priceKeyFor("mock-model-6", PRICES)).toBeNull();
  });

  test("the bundled table names its date and source, and every rate is a price", () => {
    expect(DEFAULT_PRICES.date).toMatch(/^\d{4}-\d{2}$/);
    expect(DEFAULT_PRICES.source).toContain("anthropic.com/pricing");
    for (const [model, p] of Object.entries(PRICES)) expect([model, p.input > 0, p.output >= p.input]).toEqual([model, true, true]);
  });
});

describe("rowUsage", () => {
  test("an unknown model has no cost, never 0; a row with no timing has no duration", () => {
    const u = rowUsage({ model_version: "mock-model-6", usage: { input_tokens: 10, output_tokens: 5 } }, PRICES);
    expect(u).toEqual({ durationMs: null, durationFrom: null, inputTokens: 10, outputTokens: 5, model: "mock-model-6", priceKey: null, costUsd: null });
  });

  test("cost is tokens times the rate per 1M; prompt/completion spellings read too", () => {
    const u = rowUsage({ model_version: "gpt-4o", usage: { prompt_tokens: 1000, completion_tokens: 100 } }, PRICES);
    expect(u.costUsd).toBe((1000 * 2.5 + 100 * 10) / 1e6);
    expect(costOf(1_000_000, 0, { input: 3, output: 15 })).toBe(3);
  });

  test("duration: the spans' first start to last end, exactly; else duration_ms; else none", () => {
    const spans = [span("a", "", 1_795_953_600_000_000_000n, 1_795_953_600_000_500_001n), span("b", "a", 1_795_953_600_000_100_000n, 1_795_953_602_250_000_000n)];
    expect(spanExtentMs(spans)).toBe(2250);
    expect(nsToMs(500_001n)).toBe(0.500001);
    expect(rowUsage({ duration_ms: 900 }, PRICES, spans)).toMatchObject({ durationMs: 2250, durationFrom: "spans" });
    expect(rowUsage({ duration_ms: 900 }, PRICES)).toMatchObject({ durationMs: 900, durationFrom: "duration_ms" });
    expect(rowUsage({ duration_ms: -1 }, PRICES, [span("a", "", null, null)]).durationMs).toBeNull();
  });
});

describe("usageSummary", () => {
  test("totals and per-model sums; rows with tokens but no price counted, and their models named", () => {
    const rows = [
      { model_version: "gpt-4o", usage: { input_tokens: 100, output_tokens: 10 }, duration_ms: 10 },
      { model_version: "gpt-4o", usage: { input_tokens: 50, output_tokens: 5 } },
      { model_version: "mystery", usage: { input_tokens: 7, output_tokens: 3 }, duration_ms: 4 },
      { prompt: "no usage at all" },
    ];
    const { totals, models } = usageSummary(rows, PRICES);
    expect(totals).toEqual({
      rows: 4, timedRows: 2, durationMs: 14, rowsWithTokens: 3, inputTokens: 157, outputTokens: 18,
      pricedRows: 2, costUsd: costOf(100, 10, PRICES["gpt-4o"]) + costOf(50, 5, PRICES["gpt-4o"]), unpricedRows: 1, unpricedModels: ["mystery"],
    });
    expect(models.map((m) => [m.model, m.rows, m.inputTokens, m.costUsd === null ? null : "priced"])).toEqual([
      ["gpt-4o", 2, 150, "priced"], ["mystery", 1, 7, null], [null, 1, 0, null],
    ]);
  });

  test("on every bundled OpenTelemetry example the tokens are the row's and the duration the spans' extent", () => {
    for (const file of ["otel/genai.otlp.json", "captures/vercel-ai-7-tool-loop.otlp.json", "captures/langfuse-agent-session.otlp.json"]) {
      const source = JSON.parse(readFileSync(`${EXAMPLES_DIR}${file}`, "utf8")) as unknown;
      const [{ row, spans }] = rowsWithSpans(source);
      const u = rowUsage(row as unknown as Record<string, unknown>, PRICES, spans);
      expect([u.inputTokens, u.outputTokens]).toEqual([row.usage?.input_tokens, row.usage?.output_tokens]);
      const starts = spans.map((s) => s.startNs as bigint);
      const ends = spans.map((s) => s.endNs as bigint);
      const extent = ends.reduce((a, b) => (b > a ? b : a)) - starts.reduce((a, b) => (b < a ? b : a));
      expect(u.durationMs, file).toBe(nsToMs(extent));
    }
  });
});

describe("filterAndSort", () => {
  const usage = [10, null, 30, 20].map((d) => rowUsage(d === null ? {} : { duration_ms: d }, PRICES));
  test("largest first, rows without the value last; a minimum leaves those out", () => {
    expect(filterAndSort([0, 1, 2, 3], usage, "duration", null)).toEqual([2, 3, 0, 1]);
    expect(filterAndSort([0, 1, 2, 3], usage, "duration", 15)).toEqual([2, 3]);
    expect(filterAndSort([3, 1, 0], usage, "file", 15)).toEqual([3, 1, 0]);
  });
});

describe("waterfall", () => {
  test("nesting by parent id, depth-first in start order; offsets and widths as fractions of the extent", () => {
    const spans = [span("root", "", 0n, 100n), span("a", "root", 10n, 40n, 0), span("b", "root", 50n, 90n), span("a1", "a", 20n, 30n), span("orphan", "gone", 95n, null)];
    const { bars, extentMs } = waterfall(spans);
    expect(bars.map((b) => [b.span.spanId, b.depth])).toEqual([["root", 0], ["a", 1], ["a1", 2], ["b", 1], ["orphan", 0]]);
    expect(bars.map((b) => [b.left, b.width])).toEqual([[0, 1], [0.1, 0.3], [0.2, 0.1], [0.5, 0.4], [0.95, null]]);
    expect(bars[1].durationNs).toBe(30n);
    expect(extentMs).toBe(nsToMs(100n));
  });

  test("a parent cycle still lists every span once", () => {
    const { bars } = waterfall([span("x", "y", 1n, 2n), span("y", "x", 1n, 3n)]);
    expect(bars.map((b) => b.span.spanId).sort()).toEqual(["x", "y"]);
  });
});

describe("how the page writes them", async () => {
  const { duration, tokens, usd } = await import("../src/views/usage-format.js");
  const { parsePrices } = await import("../src/load/price-store.js");
  test("a missing value reads as – or no price, never 0", () => {
    expect([duration(null), tokens(null), usd(null)]).toEqual(["–", "–", "no price"]);
    expect([duration(0.5), duration(36.396427), duration(2250), duration(125_000)]).toEqual(["500 µs", "36.4 ms", "2.25 s", "2 min 5 s"]);
    expect([usd(0), usd(0.00251), usd(1.5)]).toEqual(["$0.00", "$0.00251", "$1.50"]);
  });

  test("a stored table is read only when every entry is two non-negative numbers", () => {
    expect(parsePrices({ m: { input: 1, output: 2 } })).toEqual({ m: { input: 1, output: 2 } });
    expect(parsePrices({ m: { input: -1, output: 2 } })).toBeNull();
    expect(parsePrices({ m: { input: "1", output: 2 } })).toBeNull();
    expect(parsePrices([])).toBeNull();
  });
});
