/**
 * Every row as a line of a table: the columns the analyses derive (task, label, fault, tools, step
 * and call counts, tokens) followed by every other column the rows carry, each with its kind, so
 * the table can sort, filter and summarise any of them the same way.
 */
import { faultFromResult, NO_FAULT, taskKey, traceFault, type TraceRow } from "@whileai/traces";

/** A cell: a number, a text, or nothing (the row has no value there, which is not 0 or ""). */
export type Cell = number | string | null;

export interface Column {
  key: string;
  title: string;
  /** How the column sorts, filters and is summarised: numbers by value, texts as text. */
  kind: "number" | "text";
  /** Derived by the explorer, or a column of the rows as read. */
  source: "derived" | "row";
}

export interface RowTable {
  columns: Column[];
  /** cells[c][r]: column-major, so a sort or a summary reads one array. */
  cells: Cell[][];
  /** Per row, the text a search looks in: prompt, every step (user and agent text, tool names, arguments, results) and the final text. */
  searchText: string[];
}

const DERIVED: Column[] = [
  { key: "#", title: "#", kind: "number", source: "derived" },
  { key: "task", title: "task", kind: "text", source: "derived" },
  { key: "prompt", title: "prompt", kind: "text", source: "derived" },
  { key: "reward", title: "reward", kind: "number", source: "derived" },
  { key: "fault", title: "fault", kind: "text", source: "derived" },
  { key: "tools", title: "tools", kind: "text", source: "derived" },
  { key: "tool_calls", title: "tool calls", kind: "number", source: "derived" },
  { key: "faulted_calls", title: "faulted calls", kind: "number", source: "derived" },
  { key: "steps", title: "steps", kind: "number", source: "derived" },
  { key: "model", title: "model", kind: "text", source: "derived" },
  { key: "input_tokens", title: "input tokens", kind: "number", source: "derived" },
  { key: "output_tokens", title: "output tokens", kind: "number", source: "derived" },
  { key: "final_text", title: "final text", kind: "text", source: "derived" },
];

/** Columns shown as derived ones above (or not worth a column: the steps are the conversation view's). */
const COVERED = new Set(["prompt", "steps", "final_text", "reward", "model_version", "usage"]);

/** The table's columns for these rows: the derived ones, then every other key in the order first met. */
export function tableColumns(rows: readonly TraceRow[]): Column[] {
  const extraKeys: string[] = [];
  const seen = new Set<string>(COVERED);
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (seen.has(key)) continue;
      seen.add(key);
      extraKeys.push(key);
    }
  }
  return [...DERIVED, ...extraKeys.map((key): Column => ({ key, title: key, kind: extraKind(rows, key), source: "row" }))];
}

/** One row's cells under `columns` (from `tableColumns`); `index` is its place in the file. */
export function rowCells(row: TraceRow, index: number, columns: readonly Column[]): Cell[] {
  const cells = derivedCells(row, index);
  for (let c = DERIVED.length; c < columns.length; c++) cells.push(extraCell((row as Record<string, unknown>)[columns[c].key], columns[c].kind));
  return cells;
}

export function rowTable(rows: readonly TraceRow[]): RowTable {
  const columns = tableColumns(rows);
  const cells: Cell[][] = columns.map(() => new Array<Cell>(rows.length));
  const searchText = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const line = rowCells(row, r, columns);
    for (let c = 0; c < columns.length; c++) cells[c][r] = line[c];
    searchText[r] = searchTextOf(row);
  }
  return { columns, cells, searchText };
}

function derivedCells(row: TraceRow, index: number): Cell[] {
  const tools: string[] = [];
  let calls = 0;
  let faulted = 0;
  for (const step of row.steps as Record<string, unknown>[]) {
    if (typeof step.tool !== "string") continue;
    calls++;
    if (!tools.includes(step.tool)) tools.push(step.tool);
    if (step.result !== null && step.result !== undefined && faultFromResult(step.result) !== "") faulted++;
  }
  const fault = traceFault(row);
  const extra = row as Record<string, unknown>;
  const usage = extra.usage as { input_tokens?: unknown; output_tokens?: unknown } | undefined;
  return [
    index + 1,
    taskKey(row),
    row.prompt,
    row.reward ?? null,
    fault === NO_FAULT ? null : fault,
    tools.length === 0 ? null : tools.join(", "),
    calls,
    faulted,
    row.steps.length,
    typeof extra.model_version === "string" && extra.model_version !== "" ? extra.model_version : null,
    finite(usage?.input_tokens),
    finite(usage?.output_tokens),
    row.final_text,
  ];
}

function finite(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** A column is numeric when every value it has is a finite number (booleans are not). */
function extraKind(rows: readonly TraceRow[], key: string): Column["kind"] {
  let any = false;
  for (const row of rows) {
    const value = (row as Record<string, unknown>)[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== "number" || !Number.isFinite(value)) return "text";
    any = true;
  }
  return any ? "number" : "text";
}

function extraCell(value: unknown, kind: Column["kind"]): Cell {
  if (value === undefined || value === null) return null;
  if (kind === "number") return value as number;
  return typeof value === "string" ? value : JSON.stringify(value);
}

function searchTextOf(row: TraceRow): string {
  const parts: string[] = [row.prompt];
  for (const step of row.steps as Record<string, unknown>[]) {
    for (const key of ["user", "text", "tool"]) if (typeof step[key] === "string") parts.push(step[key] as string);
    for (const key of ["arguments", "result"]) {
      const value = step[key];
      if (value !== undefined && value !== null) parts.push(typeof value === "string" ? value : JSON.stringify(value));
    }
  }
  parts.push(row.final_text);
  return parts.join("\n").toLowerCase();
}
