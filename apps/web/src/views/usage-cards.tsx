/** The report's time, token and cost totals (usageSummary over the rows, at the prices in use). */
import type { RowQuestions } from "../analysis/row-questions.js";
import type { UsageTotals } from "../analysis/usage.js";
import { usePrices } from "../load/price-store.js";
import { count } from "./format.js";
import { useAnswer } from "./use-answer.js";
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

/** The cards for these rows at the prices in use, summed where the rows are (row-questions.ts). */
export function RowsUsageCards({ rows, questions }: { rows: readonly object[]; questions: RowQuestions }) {
  const prices = usePrices();
  const { answer, failure } = useAnswer(() => questions.usage(prices), [questions, rows, prices]);
  if (answer === null) return <UsagePending failure={failure} rows={rows.length} />;
  return <UsageCards totals={answer.totals} />;
}

/** What stands in for the totals until they are summed. */
export function UsagePending({ failure, rows }: { failure: string | null; rows: number }) {
  if (failure !== null) return <p class="error" role="alert">{`Time, tokens and cost could not be summed: ${failure}`}</p>;
  return <p class="muted" role="status" data-testid="usage-pending">{`Summing time, tokens and cost over ${count(rows)} rows…`}</p>;
}
