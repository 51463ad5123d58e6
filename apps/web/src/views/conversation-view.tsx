/**
 * One conversation at a time: the ask, every step (tool arguments and results), the answer, the
 * label; its time, tokens and cost, and for OpenTelemetry rows its spans, linked to the steps.
 */
import type { OtelSpanSummary } from "@whileai/otel";
import { traceFault, NO_FAULT, type TraceRow } from "@whileai/traces";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { RowQuestions } from "../analysis/row-questions.js";
import { RANKINGS, type Ranking } from "../analysis/row-ranking.js";
import { NO_SPANS, type SpansOf } from "../analysis/row-spans.js";
import type { ConversationList } from "../state/url-state.js";
import { rowUsage, type RowUsage } from "../analysis/usage.js";
import { usePrices } from "../load/price-store.js";
import { clip, count, shown } from "./format.js";
import { ScrollablePre } from "./scrollable-pre.js";
import { useAnswer } from "./use-answer.js";
import { LazySpanWaterfall } from "./lazy-waterfall.js";
import { duration, tokens, usd } from "./usage-format.js";

/** Rows listed at once; the filter narrows a big file down. */
const LISTED = 200;
const CANONICAL = new Set(["prompt", "steps", "final_text", "reward"]);

export interface ConversationViewProps {
  rows: TraceRow[];
  /** The list's rows in its order are asked of wherever the rows are (row-questions.ts). */
  questions: RowQuestions;
  /** An OpenTelemetry row's spans, for its waterfall. */
  spansOf?: SpansOf;
  /** The row open, by its index in the file. */
  selected: number;
  onSelect: (row: number) => void;
  /** The list's prompt filter, order and minimum (kept in the URL by the page). */
  list: ConversationList;
  onList: (change: Partial<ConversationList>) => void;
}

export function ConversationView({ rows, questions, spansOf = NO_SPANS, selected, onSelect, list: { filter, ranking, atLeast }, onList }: ConversationViewProps) {
  const list = useRef<HTMLOListElement>(null);
  const prices = usePrices();
  const { answer, pending, failure } = useAnswer(() => questions.list({ filter, ranking, atLeast }, prices), [questions, rows, filter, ranking, atLeast, prices]);
  // While the answer for other rows (a live snapshot, a relabel) is replaced, it may name rows these lack.
  const matches = answer === null ? [] : pending ? answer.filter((i) => i < rows.length) : answer;
  const unit = RANKINGS.find(([id]) => id === ranking)?.[2] ?? "";
  const listed = matches.slice(0, LISTED);
  // Each row's own time, tokens and cost, for the rows on screen only.
  const usageOf = (i: number) => rowUsage(rows[i] as unknown as Record<string, unknown>, prices, spansOf(rows[i] as unknown as Record<string, unknown>));
  // Up and down move through the list (and open the row), as in a mail client's message list.
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const at = listed.indexOf(selected);
    const next = listed[Math.max(0, Math.min(listed.length - 1, at + (e.key === "ArrowDown" ? 1 : -1)))];
    if (next === undefined) return;
    e.preventDefault();
    onSelect(next);
    queueMicrotask(() => list.current?.querySelector<HTMLButtonElement>(`button[data-row="${next}"]`)?.focus());
  };
  const row = rows[selected] as TraceRow | undefined;
  return (
    <section class="conversations" data-testid="conversations">
      <div class="conversation-list">
        <input type="search" placeholder="Filter by prompt" value={filter} onInput={(e) => onList({ filter: e.currentTarget.value })} aria-label="Filter conversations by prompt" data-testid="conversation-filter" />
        <div class="ranking">
          <label>
            {"Sort "}
            <select value={ranking} onChange={(e) => onList({ ranking: e.currentTarget.value as Ranking })} data-testid="sort-rows" aria-label="Sort conversations by">
              {RANKINGS.map(([id, title]) => <option key={id} value={id}>{title}</option>)}
            </select>
          </label>
          {ranking !== "file" && (
            <label>
              {"at least "}
              <input type="number" min="0" step="any" value={atLeast} onInput={(e) => onList({ atLeast: e.currentTarget.value })} data-testid="rows-at-least" aria-label={`Only rows with at least this ${unit}`} />
              {` ${unit}`}
            </label>
          )}
        </div>
        {failure !== null && <p class="error" role="alert">{`The list could not be made: ${failure}`}</p>}
        <p class="muted" data-testid="rows-listed" data-listed={pending ? undefined : matches.length} aria-busy={pending}>
          {answer === null ? `Listing ${count(rows.length)} rows…` : `${count(matches.length)} of ${count(rows.length)} rows${matches.length > LISTED ? `, first ${LISTED} listed` : ""}${pending ? " (updating…)" : ""}`}
        </p>
        <ol ref={list} onKeyDown={onKey} aria-label="Conversations">
          {listed.map((i) => (
            <li key={i}>
              <button type="button" class={i === selected ? "selected" : ""} aria-current={i === selected ? "true" : undefined} onClick={() => onSelect(i)} data-row={i}>
                <span class="row-number">#{i + 1}</span> {clip(rows[i].prompt || "(no prompt)", 80)} <RewardChip reward={rows[i].reward} />
                <UsageLine usage={usageOf(i)} />
              </button>
            </li>
          ))}
        </ol>
      </div>
      {row === undefined ? <p class="muted">{rows.length === 0 ? "No rows." : `No row ${count(selected + 1)}: the file has ${count(rows.length)}.`}</p> : <Conversation key={selected} row={row} index={selected} usage={usageOf(selected)} spans={spansOf(row as unknown as Record<string, unknown>)} />}
    </section>
  );
}

function UsageLine({ usage }: { usage: RowUsage }) {
  return (
    <small class="usage-line muted" data-duration={usage.durationMs ?? ""} data-tokens={usage.inputTokens === null && usage.outputTokens === null ? "" : (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0)} data-cost={usage.costUsd ?? ""}>
      {`${duration(usage.durationMs)} · ${usage.inputTokens === null && usage.outputTokens === null ? "– tokens" : `${tokens((usage.inputTokens ?? 0) + (usage.outputTokens ?? 0))} tokens`} · ${usage.model === null ? "no model" : usd(usage.costUsd)}`}
    </small>
  );
}

function Conversation({ row, index, usage, spans }: { row: TraceRow; index: number; usage: RowUsage; spans: readonly OtelSpanSummary[] | undefined }) {
  const fault = traceFault(row);
  const extra = Object.keys(row).filter((k) => !CANONICAL.has(k));
  // A clicked span and the step it became are highlighted together, whichever was clicked.
  const [focus, setFocus] = useState<{ span: number | null; step: number | null }>({ span: null, step: null });
  const spanOfStep = useMemo(() => {
    const out = new Map<number, number>();
    spans?.forEach((s, i) => {
      if (s.step !== null && !out.has(s.step)) out.set(s.step, i);
    });
    return out;
  }, [spans]);
  const stepList = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focus.step === null) return;
    stepList.current?.querySelector(`[data-step-index="${focus.step}"]`)?.scrollIntoView({ block: "nearest" });
  }, [focus]);
  return (
    <article class="conversation" data-testid="conversation" data-row={index}>
      <header>
        <h2>Row {index + 1}</h2>
        <RewardChip reward={row.reward} />
        {fault !== NO_FAULT && <span class="chip fault">{fault}</span>}
      </header>
      <dl class="row-usage" data-testid="row-usage">
        <div data-usage="duration" data-value={usage.durationMs ?? ""}><dt>duration</dt><dd>{duration(usage.durationMs)}</dd></div>
        <div data-usage="input_tokens" data-value={usage.inputTokens ?? ""}><dt>input tokens</dt><dd>{tokens(usage.inputTokens)}</dd></div>
        <div data-usage="output_tokens" data-value={usage.outputTokens ?? ""}><dt>output tokens</dt><dd>{tokens(usage.outputTokens)}</dd></div>
        <div data-usage="model"><dt>model</dt><dd>{usage.model ?? "–"}</dd></div>
        <div data-usage="cost" data-value={usage.costUsd ?? ""}><dt>estimated cost</dt><dd>{usage.model === null && usage.costUsd === null ? "–" : usd(usage.costUsd)}</dd></div>
      </dl>
      <h3>Prompt</h3>
      <p class="prompt">{row.prompt || <span class="muted">(none)</span>}</p>
      {spans !== undefined && spans.length > 0 && (
        <>
          <h3>{`Spans (${spans.length})`}</h3>
          <LazySpanWaterfall spans={spans} focused={focus.span} onSpan={(i) => setFocus({ span: i, step: spans[i].step })} />
        </>
      )}
      <h3>{`Steps (${row.steps.length})`}</h3>
      <ol class="steps" ref={stepList}>
        {row.steps.map((step, i) => {
          const span = spanOfStep.get(i);
          return (
            <StepItem
              key={i}
              index={i}
              step={step as Record<string, unknown>}
              focused={focus.step === i}
              onSpan={span === undefined ? undefined : () => setFocus({ span, step: i })}
            />
          );
        })}
      </ol>
      <h3>Final text</h3>
      <p class="final-text">{row.final_text || <span class="muted">(none)</span>}</p>
      {extra.length > 0 && (
        <details>
          <summary>{`Other columns (${extra.join(", ")})`}</summary>
          <ScrollablePre>{shown(Object.fromEntries(extra.map((k) => [k, (row as Record<string, unknown>)[k]])))}</ScrollablePre>
        </details>
      )}
    </article>
  );
}

function StepItem({ step, index, focused, onSpan }: { step: Record<string, unknown>; index: number; focused: boolean; onSpan?: () => void }) {
  if (typeof step.tool === "string") {
    return (
      <li class={`step tool${focused ? " focused" : ""}`} data-step-index={index}>
        <div class="step-kind">
          tool call <code>{step.tool}</code>
          {onSpan !== undefined && <button type="button" class="to-span" onClick={onSpan} data-testid="step-to-span">its span</button>}
        </div>
        <div class="io">
          <div><span class="muted">arguments</span><ScrollablePre>{shown(step.arguments)}</ScrollablePre></div>
          <div><span class="muted">result</span><ScrollablePre>{shown(step.result)}</ScrollablePre></div>
        </div>
      </li>
    );
  }
  if (typeof step.user === "string") return <li class="step user" data-step-index={index}><div class="step-kind">user</div><p>{step.user}</p></li>;
  if (typeof step.text === "string") return <li class="step text" data-step-index={index}><div class="step-kind">agent</div><p>{step.text}</p></li>;
  return <li class="step other" data-step-index={index}><div class="step-kind">step as the source wrote it</div><ScrollablePre>{shown(step)}</ScrollablePre></li>;
}

function RewardChip({ reward }: { reward: 0 | 1 | undefined }) {
  if (reward === 1) return <span class="chip pass">reward 1</span>;
  if (reward === 0) return <span class="chip fail">reward 0</span>;
  return <span class="chip">ungraded</span>;
}
