/** The report's time, token and cost totals (usageSummary over the rows, at the prices in use). */
import { useMemo } from "preact/hooks";
import type { SpansOf } from "../analysis/row-spans.js";
import { usageSummary, type UsageTotals } from "../analysis/usage.js";
import { usePrices } from "../load/price-store.js";
import { count } from "./format.js";
import { duration, tokens, usd } from "./usage-format.js";

export function UsageCards({ totals }: { totals: UsageTotals }) {
  const cards: [string, string, string, number | null][] = [
    ["duration", "total duration", totals.timedRows === 0 ? "–" : duration(totals.durationMs), totals.timedRows === 0 ? null : totals.durationMs],
    ["timed", "rows with timing", count(totals.timedRows), totals.timedRows],
    ["input_tokens", "input tokens", totals.rowsWithTokens === 0 ? "–" : tokens(totals.inputTokens), totals.rowsWithTokens === 0 ? null : totals.inputTokens],
    ["output_tokens", "output tokens", totals.rowsWithTokens === 0 ? "–" : tokens(totals.outputTokens), totals.rowsWithTokens === 0 ? null : totals.outputTokens],
    ["cost", "estimated cost", totals.pricedRows === 0 ? "no price" : usd(totals.costUsd), totals.pricedRows === 0 ? null : totals.costUsd],
    ["unpriced", "rows with no price", count(totals.unpricedRows), totals.unpricedRows],
  ];
  return (
    <dl class="stats usage" data-testid="usage-cards">
      {cards.map(([key, label, text, value]) => (
        <div key={key} data-usage={key} data-value={value === null ? "" : String(value)} class={key === "unpriced" && totals.unpricedRows > 0 ? "lost" : undefined}>
          <dt>{label}</dt>
          <dd>{text}</dd>
        </div>
      ))}
      {totals.unpricedModels.length > 0 && (
        <p class="muted usage-note" data-testid="unpriced-models">{`No price for ${totals.unpricedModels.join(", ")}: add one on the Time & cost tab.`}</p>
      )}
    </dl>
  );
}

/** The cards for these rows at the prices in use. */
export function RowsUsageCards({ rows, spansOf }: { rows: readonly object[]; spansOf: SpansOf }) {
  const prices = usePrices();
  const totals = useMemo(() => usageSummary(rows as Record<string, unknown>[], prices, spansOf).totals, [rows, prices, spansOf]);
  return <UsageCards totals={totals} />;
}
