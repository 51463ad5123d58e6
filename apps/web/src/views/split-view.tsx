/**
 * A preview of the task-disjoint holdout `splitPseudoProduction` makes: which rows it holds out
 * (tasks with a flaw seen nowhere else first), and a one-click leakage check of the rest against it.
 * The split is asked of wherever the rows are (the load worker for a file): it walks every row.
 */
import { taskKey, traceFault, NO_FAULT, type TraceRow } from "@whileai/traces";
import { useState } from "preact/hooks";
import type { RowQuestions } from "../analysis/row-questions.js";
import { clip, count, percent } from "./format.js";
import { useAnswer } from "./use-answer.js";

const LISTED = 100;

export interface SplitChoice {
  production: TraceRow[];
  remainder: TraceRow[];
  label: string;
}

export function SplitView({ rows, questions, onScan }: { rows: TraceRow[]; questions: RowQuestions; onScan: (split: SplitChoice) => void }) {
  const [fractionText, setFractionText] = useState("0.2");
  const [seed, setSeed] = useState("0");
  const fraction = Number(fractionText);
  const fractionError = fractionText.trim() === "" || !Number.isFinite(fraction) || fraction < 0 || fraction > 1 ? `fraction must be a number from 0 to 1, got "${fractionText}"` : null;
  // A fraction that does not read is not asked about: the split shown stays the last good one's.
  const { answer, pending, failure } = useAnswer(() => (fractionError === null ? questions.split(fraction, seed) : Promise.reject(new Error(fractionError))), [questions, rows, fraction, seed, fractionError]);
  const split =
    answer === null || fractionError !== null
      ? null
      : // While the answer for other rows is replaced, it may name rows these lack.
        { ...answer, production: rowsAt(rows, answer.production), remainder: rowsAt(rows, answer.remainder) };
  return (
    <section data-testid="split" aria-busy={pending}>
      <div class="toolbar">
        <label>
          holdout fraction <input type="number" min="0" max="1" step="0.05" value={fractionText} onInput={(e) => setFractionText(e.currentTarget.value)} data-testid="split-fraction" />
        </label>
        <label>
          seed <input type="text" value={seed} onInput={(e) => setSeed(e.currentTarget.value)} data-testid="split-seed" />
        </label>
      </div>
      {fractionError !== null && <p class="error" role="alert">{fractionError}</p>}
      {fractionError === null && failure !== null && <p class="error" role="alert">{`The split could not be made: ${failure}`}</p>}
      {split === null && fractionError === null && failure === null && (
        <p class="muted" role="status" data-testid="split-pending">{`Splitting ${count(rows.length)} rows by task…`}</p>
      )}
      {split !== null && (
        <>
          <dl class="stats">
            <div data-stat="production"><dt>held out (pseudo-production)</dt><dd>{count(split.production.length)}</dd></div>
            <div data-stat="production-tasks"><dt>tasks held out</dt><dd>{count(split.productionTasks)}</dd></div>
            <div data-stat="remainder"><dt>remainder</dt><dd>{count(split.remainder.length)}</dd></div>
            <div data-stat="remainder-tasks"><dt>tasks in the remainder</dt><dd>{count(split.remainderTasks)}</dd></div>
            <div data-stat="flawed"><dt>rows with a flaw</dt><dd>{count(split.flawed)}</dd></div>
          </dl>
          <p class="muted">
            {`${percent(split.production.length, rows.length)} of the rows held out. No task sits on both sides; every task whose (fault, behaviour) flaw is seen nowhere else is held first, then tasks in seeded hash order until the fraction is reached.`}
          </p>
          <div class="toolbar">
            <button type="button" disabled={split.production.length === 0 || split.remainder.length === 0} onClick={() => onScan({ production: split.production, remainder: split.remainder, label: `split ${fraction} (seed ${seed})` })} data-testid="split-scan">
              Check the remainder for leaks into the holdout
            </button>
          </div>
          <h2>{`Held-out rows${split.production.length > LISTED ? ` (first ${LISTED})` : ""}`}</h2>
          <table data-testid="split-rows">
            <thead><tr><th>task</th><th>prompt</th><th>fault</th></tr></thead>
            <tbody>
              {split.production.slice(0, LISTED).map((row, i) => {
                const fault = traceFault(row);
                return (
                  <tr key={i}>
                    <td>{clip(taskKey(row), 40)}</td>
                    <td>{clip(row.prompt, 100)}</td>
                    <td>{fault === NO_FAULT ? <span class="muted">none</span> : <code>{fault}</code>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function rowsAt(rows: readonly TraceRow[], indexes: readonly number[]): TraceRow[] {
  const out: TraceRow[] = [];
  for (const i of indexes) if (i < rows.length) out.push(rows[i]);
  return out;
}
