/**
 * Every row in one table: every column (derived and as read), sortable and filterable, with a
 * summary under each header and a search across the conversation text. Which rows a query keeps,
 * and the summaries, are asked of wherever the rows are (the load worker for a file), so a million
 * rows never hold the page's thread; only the rows in view are in the page (a fixed row height),
 * their cells made as they are drawn, so 1,000,000 rows scroll as smoothly as 100.
 */
import type { TraceRow } from "@whileai/traces";
import { useRef, useState } from "preact/hooks";
import type { ColumnSummary } from "../analysis/column-summary.js";
import { rowCells, type Cell, type Column } from "../analysis/columns.js";
import type { RowQuery } from "../analysis/row-query.js";
import type { RowQuestions } from "../analysis/row-questions.js";
import { clip, count } from "./format.js";
import { useAnswer } from "./use-answer.js";

/** Pixels per row: the window of rows drawn is computed from it. */
export const ROW_HEIGHT = 30;
/** Rows drawn above and below the visible ones, so a fast scroll shows no blank. */
const OVERSCAN = 10;
const BODY_HEIGHT = 480;
/** Column widths in pixels (a fixed layout: the row height stays fixed whatever a cell holds). */
const WIDTHS: Record<string, number> = { "#": 64, task: 200, prompt: 280, final_text: 280, tools: 180 };
const widthOf = (key: string) => WIDTHS[key] ?? 130;

export interface RowsViewProps {
  /** The rows, in file order: the ones in view are drawn from them. */
  rows: readonly TraceRow[];
  questions: RowQuestions;
  query: RowQuery;
  onQuery: (query: RowQuery) => void;
  /** Opens a row (by its index in the file) in the conversation view. */
  onOpen: (row: number) => void;
}

export function RowsView({ rows: all, questions, query, onQuery, onOpen }: RowsViewProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(0);
  const body = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const { answer: result, pending, failure } = useAnswer(() => questions.table(query), [questions, all, query]);
  if (result === null) {
    return (
      <section data-testid="rows" aria-busy={pending}>
        {failure === null ? (
          <p class="muted" role="status" data-testid="rows-pending">{`Building the table of ${count(all.length)} rows…`}</p>
        ) : (
          <p class="error" role="alert" data-testid="rows-error">{`The table could not be built: ${failure}`}</p>
        )}
      </section>
    );
  }
  const { columns } = result;
  // While the answer for other rows (a live snapshot, a relabel) is replaced, it may name rows these lack.
  const rows = pending ? result.kept.filter((r) => r < all.length) : result.kept;
  const { summaries } = result;

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + BODY_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  const move = (to: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, to));
    setActive(next);
    const el = body.current;
    if (el === null) return;
    // Keep the active row in view (below the sticky header), as a list box does.
    const header = el.querySelector<HTMLElement>("thead")?.offsetHeight ?? 0;
    const top = next * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight - header) el.scrollTop = top + ROW_HEIGHT - el.clientHeight + header;
  };
  const onKey = (e: KeyboardEvent) => {
    const page = Math.max(1, Math.floor(BODY_HEIGHT / ROW_HEIGHT) - 1);
    const keys: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
      Home: 0,
      End: rows.length - 1,
    };
    if (e.key in keys && e.target === grid.current) {
      e.preventDefault();
      move(keys[e.key]);
    } else if (e.key === "Enter" && e.target === grid.current && rows[active] !== undefined) {
      e.preventDefault();
      onOpen(rows[active]);
    }
  };
  const setFilter = (key: string, text: string) => {
    const filters = { ...query.filters };
    if (text === "") delete filters[key];
    else filters[key] = text;
    setActive(0);
    onQuery({ ...query, filters });
  };
  const sortBy = (key: string) => {
    const sort = query.sort?.key !== key ? { key, direction: "asc" as const } : query.sort.direction === "asc" ? { key, direction: "desc" as const } : null;
    onQuery({ ...query, sort });
  };

  return (
    <section data-testid="rows" aria-busy={pending}>
      <div class="toolbar">
        <input
          type="search"
          value={query.search}
          placeholder="Search prompts, steps and final texts"
          aria-label="Search prompts, steps and final texts"
          onInput={(e) => {
            setActive(0);
            onQuery({ ...query, search: e.currentTarget.value });
          }}
          data-testid="rows-search"
        />
        <span class="muted" data-testid="rows-count" data-kept={pending ? undefined : rows.length}>{`${count(rows.length)} of ${count(result.total)} rows${pending ? " (updating…)" : ""}`}</span>
      </div>
      {result.error !== undefined && (
        <p class="error" role="alert" data-testid="rows-error">
          {result.error}
        </p>
      )}
      <p class="muted">
        Click a header to sort, type under it to filter: numbers take 3, &gt;3, &lt;=0.5 or 1..5; texts match any part, =text exactly, !text excludes; = alone
        keeps rows with no value. Arrow keys move through the rows, Enter opens one.
      </p>
      <div class="grid-scroll" ref={body} style={{ maxHeight: `${BODY_HEIGHT}px` }} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
        <table
          class="grid"
          // A fixed layout takes its column widths from <col> only when the table's own width is fixed too.
          style={{ width: `${columns.reduce((sum, c) => sum + widthOf(c.key), 0)}px` }}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA grid pattern, a table whose rows the arrow keys move through.
          role="grid"
          aria-label="Every row"
          aria-rowcount={rows.length + 1}
          aria-colcount={columns.length}
          aria-activedescendant={rows[active] === undefined ? undefined : `row-${rows[active]}`}
          tabIndex={0}
          ref={grid}
          onKeyDown={onKey}
          data-testid="rows-grid"
        >
          <colgroup>
            {columns.map((c) => <col key={c.key} style={{ width: `${widthOf(c.key)}px` }} />)}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((column, c) => (
                <HeaderCell key={column.key} column={column} summary={summaries[c]} sort={query.sort} filter={query.filters[column.key] ?? ""} onSort={sortBy} onFilter={setFilter} />
              ))}
            </tr>
          </thead>
          <tbody>
            {/* Rows above and below the window are one empty row each, as tall as the rows they stand for. */}
            {first > 0 && <tr class="spacer" style={{ height: `${first * ROW_HEIGHT}px` }} />}
            {rows.slice(first, last).map((r, i) => {
              const at = first + i;
              const cells = rowCells(all[r], r, columns);
              return (
                <tr
                  key={r}
                  id={`row-${r}`}
                  class={at === active ? "active" : undefined}
                  aria-rowindex={at + 2}
                  aria-selected={at === active}
                  onClick={() => {
                    setActive(at);
                    onOpen(r);
                  }}
                  data-row={r}
                >
                  {columns.map((column, c) => (
                    <td key={column.key} class={column.kind === "number" ? "num" : undefined} data-col={column.key}>
                      {shownCell(cells[c])}
                    </td>
                  ))}
                </tr>
              );
            })}
            {last < rows.length && <tr class="spacer" style={{ height: `${(rows.length - last) * ROW_HEIGHT}px` }} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function HeaderCell({
  column,
  summary,
  sort,
  filter,
  onSort,
  onFilter,
}: {
  column: Column;
  summary: ColumnSummary;
  sort: RowQuery["sort"];
  filter: string;
  onSort: (key: string) => void;
  onFilter: (key: string, text: string) => void;
}) {
  const direction = sort?.key === column.key ? sort.direction : null;
  return (
    <th
      scope="col"
      aria-sort={direction === null ? "none" : direction === "asc" ? "ascending" : "descending"}
      data-col={column.key}
      class={column.kind === "number" ? "num" : undefined}
    >
      <button
        type="button"
        class="sort"
        onClick={() => onSort(column.key)}
        data-testid={`sort-${column.key}`}
        title={column.source === "row" ? "a column of the rows as read" : "derived by the explorer"}
      >
        {column.title}
        {direction === "asc" ? " ▲" : direction === "desc" ? " ▼" : ""}
      </button>
      <input
        type="text"
        value={filter}
        placeholder="filter"
        aria-label={`Filter ${column.title}`}
        onInput={(e) => onFilter(column.key, e.currentTarget.value)}
        data-testid={`filter-${column.key}`}
      />
      <small class="summary" data-testid={`summary-${column.key}`}>
        {summaryText(summary)}
      </small>
    </th>
  );
}

/** A summary in a few words: the spread of a number column, the commonest values of a text one. */
export function summaryText(s: ColumnSummary): string {
  const missing = s.missing > 0 ? `, ${count(s.missing)} none` : "";
  if (s.kind === "empty") return `no values${missing}`;
  if (s.kind === "number") {
    return `${short(s.min)}–${short(s.max)}, median ${short(s.median)}, mean ${short(s.mean)}${missing}`;
  }
  const top = s.top.map(([value, n]) => `${clip(value, 16)} (${count(n)})`).join(", ");
  return `${count(s.distinct)} distinct: ${top}${missing}`;
}

/** At most 4 significant digits, the way a summary line reads; integers in full. */
function short(n: number): string {
  return Number.isInteger(n) ? count(n) : String(Number(n.toPrecision(4)));
}

function shownCell(cell: Cell) {
  if (cell === null) return <span class="muted">–</span>;
  if (typeof cell === "number") return Number.isInteger(cell) ? count(cell) : String(cell);
  return clip(cell.replace(/\s+/g, " "), 160);
}
