/**
 * The conversation list sorted and filtered by time, tokens or cost: largest first, rows without
 * the value (no timing, no usage, no price) after every row with one, and left out altogether
 * once a minimum is set. Ties keep file order.
 */
import type { RowUsage } from "./usage.js";

export const RANKINGS = [
  ["file", "file order", ""],
  ["duration", "longest first", "ms"],
  ["tokens", "most tokens first", "tokens"],
  ["cost", "costliest first", "USD"],
] as const;
export type Ranking = (typeof RANKINGS)[number][0];

export function rankValue(usage: RowUsage, ranking: Ranking): number | null {
  if (ranking === "duration") return usage.durationMs;
  if (ranking === "cost") return usage.costUsd;
  if (ranking === "tokens") return usage.inputTokens === null && usage.outputTokens === null ? null : (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
  return null;
}

/** `indexes` (into `usage`) in the ranking's order; with `min`, only rows whose value is at least `min`. */
export function filterAndSort(indexes: readonly number[], usage: readonly RowUsage[], ranking: Ranking, min: number | null): number[] {
  if (ranking === "file") return [...indexes];
  const valued = indexes.map((i) => ({ i, v: rankValue(usage[i], ranking) }));
  const kept = min === null ? valued : valued.filter(({ v }) => v !== null && v >= min);
  return kept.sort((a, b) => (a.v === null ? (b.v === null ? a.i - b.i : 1) : b.v === null ? -1 : b.v - a.v || a.i - b.i)).map(({ i }) => i);
}
