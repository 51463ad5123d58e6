/**
 * The questions a view asks about all of a file's rows (which rows a table query keeps, with each
 * column's summary; which rows a holdout split holds out; time, tokens and cost totals at the
 * prices in use; the conversation list's rows in its order), answered where the rows are: in the
 * load worker for a file read there, so the page never walks a million rows itself and only
 * renders the few it shows; in the page for live rows, which arrive there.
 */
import { flawRows, splitPseudoProduction, taskKey, type TraceRow } from "@whileai/traces";
import { summarizeColumn, type ColumnSummary } from "./column-summary.js";
import { rowTable, type Column, type RowTable } from "./columns.js";
import type { PriceList } from "./prices.js";
import { queryRows, type RowQuery } from "./row-query.js";
import { filterAndSort, type Ranking } from "./row-ranking.js";
import { NO_SPANS, type SpansOf } from "./row-spans.js";
import { usageSummary, type RowUsage, type UsageSummary } from "./usage.js";

/** The conversation list: rows whose prompt contains `filter` (any case), in `ranking`'s order, at least `atLeast` of it. */
export interface ListQuery {
  filter: string;
  ranking: Ranking;
  /** As typed; empty or not a number is no minimum. */
  atLeast: string;
}

export type RowQuestion =
  | { kind: "table"; query: RowQuery }
  | { kind: "split"; fraction: number; seed: string }
  | { kind: "usage"; prices: PriceList }
  | { kind: "list"; list: ListQuery; prices: PriceList };

/** Totals and per-model sums; each row's own usage is worked out in the page for the rows it shows. */
export type UsageAnswer = Omit<UsageSummary, "perRow">;

/** Row numbers are indexes into the rows the views hold (the exploration's rows, in file order). */
export interface TableAnswer {
  columns: Column[];
  /** Rows in the table, whatever the query keeps. */
  total: number;
  kept: number[];
  /** Per column, over the kept rows. */
  summaries: ColumnSummary[];
  /** A filter that does not read (parseFilter names the column): no row is kept. */
  error?: string;
}

export interface SplitAnswer {
  production: number[];
  remainder: number[];
  productionTasks: number;
  remainderTasks: number;
  /** Rows with a flaw (a fault or a 0 label). */
  flawed: number;
}

export type RowAnswer =
  | { kind: "table"; table: TableAnswer }
  | { kind: "split"; split: SplitAnswer }
  | { kind: "usage"; usage: UsageAnswer }
  /** Row numbers in the list's order. */
  | { kind: "list"; list: number[] };

export interface RowQuestions {
  table(query: RowQuery): Promise<TableAnswer>;
  split(fraction: number, seed: string): Promise<SplitAnswer>;
  usage(prices: PriceList): Promise<UsageAnswer>;
  list(list: ListQuery, prices: PriceList): Promise<number[]>;
}

/** The RowQuestions methods over one way of answering (in this thread, or by asking the load worker). */
export function questionsBy(answer: (question: RowQuestion) => Promise<RowAnswer>): RowQuestions {
  const ask = async <K extends RowAnswer["kind"]>(question: RowQuestion & { kind: K }) => (await answer(question)) as Extract<RowAnswer, { kind: K }>;
  return {
    table: async (query) => (await ask({ kind: "table", query })).table,
    split: async (fraction, seed) => (await ask({ kind: "split", fraction, seed })).split,
    usage: async (prices) => (await ask({ kind: "usage", prices })).usage,
    list: async (list, prices) => (await ask({ kind: "list", list, prices })).list,
  };
}

/** Answers questions about one set of rows; the table is built the first time one asks for it. */
export class RowAnswers {
  private built: RowTable | null = null;
  /** Each row's usage at the prices last asked with (the list asks again on every keystroke). */
  private usageAt: { prices: PriceList; perRow: RowUsage[] } | null = null;
  constructor(
    private readonly rows: readonly TraceRow[],
    private readonly spansOf: SpansOf = NO_SPANS,
  ) {}

  answer(question: RowQuestion): RowAnswer {
    switch (question.kind) {
      case "table":
        return { kind: "table", table: this.table(question.query) };
      case "split":
        return { kind: "split", split: this.split(question.fraction, question.seed) };
      case "usage": {
        const { perRow: _, ...usage } = this.usage(question.prices);
        return { kind: "usage", usage };
      }
      case "list":
        return { kind: "list", list: this.list(question.list, question.prices) };
    }
  }

  private usage(prices: PriceList): UsageSummary {
    const summary = usageSummary(this.rows as unknown as Record<string, unknown>[], prices, this.spansOf);
    this.usageAt = { prices, perRow: summary.perRow };
    return summary;
  }

  private list({ filter, ranking, atLeast }: ListQuery, prices: PriceList): number[] {
    const needle = filter.trim().toLowerCase();
    const out: number[] = [];
    for (let i = 0; i < this.rows.length; i++) if (needle === "" || this.rows[i].prompt.toLowerCase().includes(needle)) out.push(i);
    if (ranking === "file") return out;
    const perRow = this.usageAt !== null && samePrices(this.usageAt.prices, prices) ? this.usageAt.perRow : this.usage(prices).perRow;
    const min = atLeast.trim() === "" ? null : Number(atLeast);
    return filterAndSort(out, perRow, ranking, min !== null && Number.isFinite(min) ? min : null);
  }

  private table(query: RowQuery): TableAnswer {
    this.built ??= rowTable(this.rows);
    const table = this.built;
    const { columns } = table;
    const total = table.searchText.length;
    const summaries = (kept: number[]) => columns.map((column, c) => summarizeColumn(column, table.cells[c], kept));
    try {
      const kept = queryRows(table, query);
      return { columns, total, kept, summaries: summaries(kept) };
    } catch (error) {
      return { columns, total, kept: [], summaries: summaries([]), error: (error as Error).message };
    }
  }

  private split(fraction: number, seed: string): SplitAnswer {
    const [production, remainder] = splitPseudoProduction(this.rows, { fraction, seed });
    const index = new Map<TraceRow, number>();
    for (let i = 0; i < this.rows.length; i++) index.set(this.rows[i], i);
    const at = (side: TraceRow[]) => side.map((row) => index.get(row) as number);
    return { production: at(production), remainder: at(remainder), productionTasks: tasksOf(production), remainderTasks: tasksOf(remainder), flawed: flawRows(this.rows).length };
  }
}

/** Distinct tasks on one side of a split; a row with no task key is a task of its own. */
function tasksOf(side: readonly TraceRow[]): number {
  return new Set(side.map((row, i) => taskKey(row) || `#${i}`)).size;
}

/** Prices crossing to the worker arrive as copies: equal by content. */
function samePrices(a: PriceList, b: PriceList): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Questions answered in the page (live rows, which arrive here). */
export function answeredHere(rows: readonly TraceRow[], spansOf: SpansOf = NO_SPANS): RowQuestions {
  const answers = new RowAnswers(rows, spansOf);
  return questionsBy(async (question) => answers.answer(question));
}
