/**
 * A conversation's spans as a waterfall: a tree by parent span id (a span whose parent is not in
 * the conversation is a root), depth-first in start order, each bar offset by its start from the
 * conversation's first start and as wide as its duration, both as fractions of the whole extent.
 */
import type { OtelSpanSummary } from "@whileai/otel";
import { nsToMs } from "./usage.js";

export interface WaterfallBar {
  span: OtelSpanSummary;
  /** Position in the conversation's span list (the order the row read them). */
  index: number;
  depth: number;
  /** Exact duration in ns, or null when the span lacks a start or an end. */
  durationNs: bigint | null;
  durationMs: number | null;
  /** Start after the first start, in ms; null without a start. */
  offsetMs: number | null;
  /** Bar position and width as fractions of the extent (0..1); a span without times has none. */
  left: number | null;
  width: number | null;
}

export interface Waterfall {
  bars: WaterfallBar[];
  /** First start to last end, ms; null when no span has times. */
  extentMs: number | null;
}

export function waterfall(spans: readonly OtelSpanSummary[]): Waterfall {
  const ids = new Set(spans.map((s) => s.spanId).filter((id) => id !== ""));
  const children = new Map<string, number[]>();
  const roots: number[] = [];
  spans.forEach((s, i) => {
    if (s.parentSpanId !== "" && s.parentSpanId !== s.spanId && ids.has(s.parentSpanId)) {
      const list = children.get(s.parentSpanId);
      if (list) list.push(i);
      else children.set(s.parentSpanId, [i]);
    } else roots.push(i);
  });
  let start: bigint | null = null;
  let end: bigint | null = null;
  for (const s of spans) {
    if (s.startNs !== null && (start === null || s.startNs < start)) start = s.startNs;
    if (s.endNs !== null && (end === null || s.endNs > end)) end = s.endNs;
  }
  const extentNs = start !== null && end !== null && end > start ? end - start : null;
  const order: { index: number; depth: number }[] = [];
  const placed = new Set<number>();
  const visit = (index: number, depth: number) => {
    if (placed.has(index)) return;
    placed.add(index);
    order.push({ index, depth });
    for (const child of children.get(spans[index].spanId) ?? []) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  // Spans whose parents form a cycle are reached from no root: listed at the top level, never lost.
  for (let i = 0; i < spans.length; i++) visit(i, 0);
  const bars = order.map(({ index, depth }): WaterfallBar => {
    const span = spans[index];
    const durationNs = span.startNs !== null && span.endNs !== null && span.endNs >= span.startNs ? span.endNs - span.startNs : null;
    const offsetNs = span.startNs !== null && start !== null ? span.startNs - start : null;
    return {
      span,
      index,
      depth,
      durationNs,
      durationMs: durationNs === null ? null : nsToMs(durationNs),
      offsetMs: offsetNs === null ? null : nsToMs(offsetNs),
      left: offsetNs === null || extentNs === null ? null : Number(offsetNs) / Number(extentNs),
      width: durationNs === null || extentNs === null ? null : Number(durationNs) / Number(extentNs),
    };
  });
  return { bars, extentMs: extentNs === null ? null : nsToMs(extentNs) };
}
