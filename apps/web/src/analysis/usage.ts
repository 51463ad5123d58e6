/**
 * Time, tokens and estimated cost per row and per model. Duration is, for an OpenTelemetry row,
 * its conversation's first span start to its last span end (exact nanoseconds); else a
 * `duration_ms` the row carries (Claude Agent SDK results); else none, shown as "–", never 0.
 * Tokens are the row's `usage` (input_tokens / output_tokens, or the prompt/completion spellings).
 * Cost is tokens times the price table's rate for the row's model; a model the table has no
 * price for has no cost (null), never a cost of 0.
 */
import type { OtelSpanSummary } from "@whileai/otel";
import { priceKeyFor, type PriceList } from "./prices.js";

export interface RowUsage {
  durationMs: number | null;
  /** Where the duration came from. */
  durationFrom: "spans" | "duration_ms" | null;
  inputTokens: number | null;
  outputTokens: number | null;
  model: string | null;
  /** The price table entry the model is priced by, or null. */
  priceKey: string | null;
  /** Estimated USD, or null: no tokens, no model, or no price for the model. */
  costUsd: number | null;
}

const INPUT_KEYS = ["input_tokens", "prompt_tokens", "inputTokens", "promptTokens"] as const;
const OUTPUT_KEYS = ["output_tokens", "completion_tokens", "outputTokens", "completionTokens"] as const;

/** First span start to last span end, in ms, or null when no span has both times. */
export function spanExtentMs(spans: readonly OtelSpanSummary[]): number | null {
  let start: bigint | null = null;
  let end: bigint | null = null;
  for (const s of spans) {
    if (s.startNs !== null && (start === null || s.startNs < start)) start = s.startNs;
    if (s.endNs !== null && (end === null || s.endNs > end)) end = s.endNs;
  }
  if (start === null || end === null || end < start) return null;
  return nsToMs(end - start);
}

/** Exact nanoseconds to milliseconds: whole ms exactly, the rest as a fraction. */
export function nsToMs(ns: bigint): number {
  return Number(ns / 1_000_000n) + Number(ns % 1_000_000n) / 1e6;
}

export function rowUsage(row: Readonly<Record<string, unknown>>, prices: PriceList, spans?: readonly OtelSpanSummary[]): RowUsage {
  const fromSpans = spans === undefined ? null : spanExtentMs(spans);
  const ownMs = row.duration_ms;
  const hasOwn = typeof ownMs === "number" && Number.isFinite(ownMs) && ownMs >= 0;
  const durationMs = fromSpans ?? (hasOwn ? ownMs : null);
  const durationFrom = fromSpans !== null ? "spans" : hasOwn ? "duration_ms" : null;
  const usage = row.usage !== null && typeof row.usage === "object" ? (row.usage as Record<string, unknown>) : {};
  const inputTokens = tokens(usage, INPUT_KEYS);
  const outputTokens = tokens(usage, OUTPUT_KEYS);
  const modelField = typeof row.model_version === "string" && row.model_version !== "" ? row.model_version : typeof row.model === "string" && row.model !== "" ? row.model : null;
  const priceKey = modelField === null ? null : priceKeyFor(modelField, prices);
  const costUsd = priceKey === null || (inputTokens === null && outputTokens === null) ? null : costOf(inputTokens ?? 0, outputTokens ?? 0, prices[priceKey]);
  return { durationMs, durationFrom, inputTokens, outputTokens, model: modelField, priceKey, costUsd };
}

export function costOf(inputTokens: number, outputTokens: number, price: { input: number; output: number }): number {
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}

function tokens(usage: Record<string, unknown>, keys: readonly string[]): number | null {
  for (const key of keys) {
    const n = usage[key];
    if (typeof n === "number" && Number.isFinite(n) && n >= 0) return n;
  }
  return null;
}

export interface UsageTotals {
  rows: number;
  /** Rows with a duration, and the sum of their durations. */
  timedRows: number;
  durationMs: number;
  /** Rows with token counts, and the sums. */
  rowsWithTokens: number;
  inputTokens: number;
  outputTokens: number;
  /** Rows with a cost, and its sum; rows with tokens but no price, and their models. */
  pricedRows: number;
  costUsd: number;
  unpricedRows: number;
  unpricedModels: string[];
}

export interface ModelUsage extends Omit<UsageTotals, "unpricedModels" | "costUsd"> {
  /** The row's model, or null for rows that name none. */
  model: string | null;
  priceKey: string | null;
  /** Null when no row of the model has a price. */
  costUsd: number | null;
}

export interface UsageSummary {
  perRow: RowUsage[];
  totals: UsageTotals;
  /** By rows, most first, then by name; rows naming no model after the named. */
  models: ModelUsage[];
}

/** The usage of every row, their totals and per-model sums; `spansOf` gives an OpenTelemetry row's spans. */
export function usageSummary(rows: readonly Readonly<Record<string, unknown>>[], prices: PriceList, spansOf: (row: Readonly<Record<string, unknown>>) => readonly OtelSpanSummary[] | undefined = () => undefined): UsageSummary {
  const perRow = rows.map((row) => rowUsage(row, prices, spansOf(row)));
  const totals = emptyTotals();
  const unpriced = new Set<string>();
  const byModel = new Map<string | null, ModelUsage>();
  for (const usage of perRow) {
    add(totals, usage);
    if (usage.costUsd === null && (usage.inputTokens !== null || usage.outputTokens !== null)) unpriced.add(usage.model ?? "(no model)");
    let model = byModel.get(usage.model);
    if (model === undefined) byModel.set(usage.model, (model = { ...emptyTotals(), model: usage.model, priceKey: usage.priceKey, costUsd: null }));
    add(model, usage);
  }
  const models = [...byModel.values()]
    .map((m) => ({ ...m, costUsd: m.pricedRows > 0 ? m.costUsd : null }))
    .sort((a, b) => b.rows - a.rows || (a.model === null ? 1 : b.model === null ? -1 : a.model.localeCompare(b.model)));
  return { perRow, totals: { ...totals, unpricedModels: [...unpriced].sort() }, models };
}

function emptyTotals(): UsageTotals {
  return { rows: 0, timedRows: 0, durationMs: 0, rowsWithTokens: 0, inputTokens: 0, outputTokens: 0, pricedRows: 0, costUsd: 0, unpricedRows: 0, unpricedModels: [] };
}

function add(into: Omit<UsageTotals, "unpricedModels" | "costUsd"> & { costUsd: number | null }, usage: RowUsage): void {
  into.rows++;
  if (usage.durationMs !== null) {
    into.timedRows++;
    into.durationMs += usage.durationMs;
  }
  const tokened = usage.inputTokens !== null || usage.outputTokens !== null;
  if (tokened) {
    into.rowsWithTokens++;
    into.inputTokens += usage.inputTokens ?? 0;
    into.outputTokens += usage.outputTokens ?? 0;
  }
  if (usage.costUsd !== null) {
    into.pricedRows++;
    into.costUsd = (into.costUsd ?? 0) + usage.costUsd;
  } else if (tokened) into.unpricedRows++;
}
