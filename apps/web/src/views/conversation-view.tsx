/** One conversation at a time: the ask, every step (tool arguments and results), the answer, the label. */
import { traceFault, NO_FAULT, type TraceRow } from "@whileai/traces";
import { useMemo, useRef } from "preact/hooks";
import { clip, count, shown } from "./format.js";
import { ScrollablePre } from "./scrollable-pre.js";

/** Rows listed at once; the filter narrows a big file down. */
const LISTED = 200;
const CANONICAL = new Set(["prompt", "steps", "final_text", "reward"]);

export interface ConversationViewProps {
  rows: TraceRow[];
  /** The row open, by its index in the file. */
  selected: number;
  onSelect: (row: number) => void;
  filter: string;
  onFilter: (filter: string) => void;
}

export function ConversationView({ rows, selected, onSelect, filter, onFilter }: ConversationViewProps) {
  const list = useRef<HTMLOListElement>(null);
  const matches = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const out: number[] = [];
    for (let i = 0; i < rows.length; i++) if (needle === "" || rows[i].prompt.toLowerCase().includes(needle)) out.push(i);
    return out;
  }, [rows, filter]);
  const listed = matches.slice(0, LISTED);
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
        <input type="search" placeholder="Filter by prompt" value={filter} onInput={(e) => onFilter(e.currentTarget.value)} aria-label="Filter conversations by prompt" data-testid="conversation-filter" />
        <p class="muted">{`${count(matches.length)} of ${count(rows.length)} rows${matches.length > LISTED ? `, first ${LISTED} listed` : ""}`}</p>
        <ol ref={list} onKeyDown={onKey} aria-label="Conversations">
          {listed.map((i) => (
            <li key={i}>
              <button type="button" class={i === selected ? "selected" : ""} aria-current={i === selected ? "true" : undefined} onClick={() => onSelect(i)} data-row={i}>
                <span class="row-number">#{i + 1}</span> {clip(rows[i].prompt || "(no prompt)", 80)} <RewardChip reward={rows[i].reward} />
              </button>
            </li>
          ))}
        </ol>
      </div>
      {row === undefined ? <p class="muted">{rows.length === 0 ? "No rows." : `No row ${count(selected + 1)}: the file has ${count(rows.length)}.`}</p> : <Conversation row={row} index={selected} />}
    </section>
  );
}

function Conversation({ row, index }: { row: TraceRow; index: number }) {
  const fault = traceFault(row);
  const extra = Object.keys(row).filter((k) => !CANONICAL.has(k));
  return (
    <article class="conversation" data-testid="conversation" data-row={index}>
      <header>
        <h3>Row {index + 1}</h3>
        <RewardChip reward={row.reward} />
        {fault !== NO_FAULT && <span class="chip fault">{fault}</span>}
      </header>
      <h4>Prompt</h4>
      <p class="prompt">{row.prompt || <span class="muted">(none)</span>}</p>
      <h4>{`Steps (${row.steps.length})`}</h4>
      <ol class="steps">
        {row.steps.map((step, i) => <StepItem key={i} step={step as Record<string, unknown>} />)}
      </ol>
      <h4>Final text</h4>
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

function StepItem({ step }: { step: Record<string, unknown> }) {
  if (typeof step.tool === "string") {
    return (
      <li class="step tool">
        <div class="step-kind">tool call <code>{step.tool}</code></div>
        <div class="io">
          <div><span class="muted">arguments</span><ScrollablePre>{shown(step.arguments)}</ScrollablePre></div>
          <div><span class="muted">result</span><ScrollablePre>{shown(step.result)}</ScrollablePre></div>
        </div>
      </li>
    );
  }
  if (typeof step.user === "string") return <li class="step user"><div class="step-kind">user</div><p>{step.user}</p></li>;
  if (typeof step.text === "string") return <li class="step text"><div class="step-kind">agent</div><p>{step.text}</p></li>;
  return <li class="step other"><div class="step-kind">step as the source wrote it</div><ScrollablePre>{shown(step)}</ScrollablePre></li>;
}

function RewardChip({ reward }: { reward: 0 | 1 | undefined }) {
  if (reward === 1) return <span class="chip pass">reward 1</span>;
  if (reward === 0) return <span class="chip fail">reward 0</span>;
  return <span class="chip">ungraded</span>;
}
