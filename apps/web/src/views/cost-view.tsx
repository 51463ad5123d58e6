/**
 * Time, tokens and cost per model, and the price table the cost is estimated from: the bundled
 * table (its date and source named) until the user edits it; edits stay in this browser.
 */
import { useState } from "preact/hooks";
import { DEFAULT_PRICES, type ModelPrice, type PriceList } from "../analysis/prices.js";
import type { RowQuestions } from "../analysis/row-questions.js";
import { pricesEdited, setPrices, usePrices, validRate } from "../load/price-store.js";
import { count } from "./format.js";
import { useAnswer } from "./use-answer.js";
import { UsageCards, UsagePending } from "./usage-cards.js";
import { duration, tokens, usd } from "./usage-format.js";

export function CostView({ rows, questions }: { rows: readonly object[]; questions: RowQuestions }) {
  const prices = usePrices();
  // Summed where the rows are (row-questions.ts); the price table below is editable meanwhile.
  const { answer: summary, failure } = useAnswer(() => questions.usage(prices), [questions, rows, prices]);
  return (
    <section data-testid="cost">
      {summary === null ? <UsagePending failure={failure} rows={rows.length} /> : <UsageCards totals={summary.totals} />}
      <h2>Per model</h2>
      <div class="table-scroll">
      <table data-testid="model-usage">
        <thead>
          <tr>
            <th>model</th><th>priced as</th><th class="num">rows</th><th class="num">duration</th>
            <th class="num">input tokens</th><th class="num">output tokens</th><th class="num">estimated cost</th>
          </tr>
        </thead>
        <tbody>
          {(summary?.models ?? []).map((m) => (
            <tr key={m.model ?? ""} data-model={m.model ?? ""}>
              <td>{m.model === null ? <span class="muted">(no model named)</span> : <code>{m.model}</code>}</td>
              <td>{m.priceKey === null ? <span class="muted">–</span> : <code>{m.priceKey}</code>}</td>
              <td class="num" data-field="rows">{count(m.rows)}</td>
              <td class="num" data-field="duration" data-value={m.timedRows === 0 ? "" : String(m.durationMs)}>{m.timedRows === 0 ? "–" : duration(m.durationMs)}</td>
              <td class="num" data-field="input_tokens" data-value={m.rowsWithTokens === 0 ? "" : String(m.inputTokens)}>{m.rowsWithTokens === 0 ? "–" : tokens(m.inputTokens)}</td>
              <td class="num" data-field="output_tokens" data-value={m.rowsWithTokens === 0 ? "" : String(m.outputTokens)}>{m.rowsWithTokens === 0 ? "–" : tokens(m.outputTokens)}</td>
              <td class="num" data-field="cost" data-value={m.costUsd === null ? "" : String(m.costUsd)}>{usd(m.costUsd)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <p class="muted">
        Duration: an OpenTelemetry conversation's first span start to its last span end; else a row's <code>duration_ms</code>; "–" where a row has no timing. Tokens:
        each row's <code>usage</code> (cache tokens are not priced). Cost: tokens times the model's price below.
      </p>
      <PriceEditor prices={prices} />
    </section>
  );
}

function PriceEditor({ prices }: { prices: PriceList }) {
  const [draft, setDraft] = useState({ model: "", input: "", output: "" });
  const edited = pricesEdited(prices);
  const update = (model: string, side: keyof ModelPrice, text: string) => {
    const n = Number(text);
    // An empty or negative box is not a price: the table keeps the last valid one.
    if (text.trim() === "" || !validRate(n)) return;
    setPrices({ ...prices, [model]: { ...prices[model], [side]: n } });
  };
  const remove = (model: string) => {
    const next = { ...prices };
    delete next[model];
    setPrices(next);
  };
  const newInput = Number(draft.input);
  const newOutput = Number(draft.output);
  const canAdd = draft.model.trim() !== "" && draft.input.trim() !== "" && draft.output.trim() !== "" && validRate(newInput) && validRate(newOutput);
  return (
    <details class="prices" data-testid="prices" open>
      <summary>{`Prices (USD per 1M tokens)${edited ? ", edited" : ""}`}</summary>
      <p class="muted" data-testid="price-source">
        {`Bundled table: list prices as of ${DEFAULT_PRICES.date}, from ${DEFAULT_PRICES.source}. Never fetched; check against your contract. Edits are kept in this browser only.`}
      </p>
      <p>
        <button type="button" disabled={!edited} onClick={() => setPrices(null)} data-testid="reset-prices">Back to the bundled table</button>
      </p>
      <div class="table-scroll">
      <table>
        <thead><tr><th>model (and its dated versions)</th><th class="num">input</th><th class="num">output</th><th>edit</th></tr></thead>
        <tbody>
          {Object.entries(prices).map(([model, price]) => (
            <tr key={model} data-price-model={model}>
              <td><code>{model}</code></td>
              <td class="num"><input type="number" min="0" step="any" value={price.input} aria-label={`${model} input price`} data-side="input" onChange={(e) => update(model, "input", e.currentTarget.value)} /></td>
              <td class="num"><input type="number" min="0" step="any" value={price.output} aria-label={`${model} output price`} data-side="output" onChange={(e) => update(model, "output", e.currentTarget.value)} /></td>
              <td><button type="button" onClick={() => remove(model)} aria-label={`Remove ${model}`}>remove</button></td>
            </tr>
          ))}
          <tr data-testid="add-price">
            <td><input type="text" placeholder="model name" value={draft.model} aria-label="New model name" onInput={(e) => setDraft({ ...draft, model: e.currentTarget.value })} /></td>
            <td class="num"><input type="number" min="0" step="any" value={draft.input} aria-label="New model input price" onInput={(e) => setDraft({ ...draft, input: e.currentTarget.value })} /></td>
            <td class="num"><input type="number" min="0" step="any" value={draft.output} aria-label="New model output price" onInput={(e) => setDraft({ ...draft, output: e.currentTarget.value })} /></td>
            <td>
              <button type="button" disabled={!canAdd} onClick={() => {
                setPrices({ ...prices, [draft.model.trim()]: { input: newInput, output: newOutput } });
                setDraft({ model: "", input: "", output: "" });
              }}>add</button>
            </td>
          </tr>
        </tbody>
      </table>
      </div>
    </details>
  );
}
