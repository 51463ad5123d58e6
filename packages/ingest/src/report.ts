/**
 * What one source gave and what it lost, and why. Keys are stable: reports are printed by
 * `wai --json`, shown by the explorer and stored by the platform server.
 */
import { describeFormat, type TraceFormat } from "./formats.js";
import type { Problem } from "./reader.js";

/** Problems listed one by one; the counts are always complete. */
export const PROBLEMS_LISTED = 20;

export interface ReportedProblem extends Problem {
  /** The record's 1-based place in a JSON document (a JSON document has no line per record). */
  readonly record?: number;
  /** What exactly was wrong with this record (a parser message), when there is more to say than the reason. */
  readonly detail?: string;
}

export interface SourceReport {
  /** The source as the caller named it. */
  input: string;
  format: TraceFormat;
  gzip: boolean;
  /** Records read: JSON Lines values, elements of a JSON array, OTLP messages. */
  records: number;
  /** Rows kept. */
  rows: number;
  dropped: {
    /** JSON Lines that were not JSON or not UTF-8 (only with `onInvalid: "skip"`; otherwise they stop the read). */
    invalid_lines: number;
    /** Values that were not JSON objects. */
    not_object: number;
    /** Objects with neither a prompt nor a step to read. */
    no_signal: number;
    /** Records a source reader left out: noise it does not read, or what it could not (see `reasons`). */
    left_out: number;
    /** Table records that could not be decoded (only with `onInvalid: "skip"`): a CSV line with the wrong number of fields, the rows of a Parquet row group that does not decode. */
    unreadable: number;
  };
  /** Rows or records read only in part: a message part or event that could not be read. */
  half_read: number;
  /** Every dropped or half-read problem counted by its reason. */
  reasons: Record<string, number>;
  /** The first PROBLEMS_LISTED problems, in the order met. */
  problems: ReportedProblem[];
  /** The first PROBLEMS_LISTED invalid line numbers (kept for `wai --json` readers). */
  invalid_lines: number[];
}

export function emptyReport(input: string): SourceReport {
  return {
    input,
    format: "empty",
    gzip: false,
    records: 0,
    rows: 0,
    dropped: { invalid_lines: 0, not_object: 0, no_signal: 0, left_out: 0, unreadable: 0 },
    half_read: 0,
    reasons: {},
    problems: [],
    invalid_lines: [],
  };
}

/** Counts a problem into the report: by kind, by reason, and listed while the list has room. */
export function addProblem(report: SourceReport, problem: ReportedProblem): void {
  if (problem.kind === "dropped") report.dropped.left_out++;
  else report.half_read++;
  countReason(report, problem);
}

/** One record read in part, for one or more reasons: counted once, each reason listed. */
export function halfRead(report: SourceReport, problems: readonly ReportedProblem[]): void {
  report.half_read++;
  for (const problem of problems) countReason(report, problem);
}

export function addInvalidLine(report: SourceReport, line: number, detail: string): void {
  report.dropped.invalid_lines++;
  if (report.invalid_lines.length < PROBLEMS_LISTED) report.invalid_lines.push(line);
  countReason(report, { kind: "dropped", line, reason: "not JSON", detail });
}

/** Why table records could not be decoded. */
export const WRONG_FIELD_COUNT = "wrong number of fields";
export const BAD_QUOTES = "badly quoted field";
export const UNREADABLE_ROW_GROUP = "row group does not decode";
const UNREADABLE_REASONS = [WRONG_FIELD_COUNT, BAD_QUOTES, UNREADABLE_ROW_GROUP];

/** `count` table records lost to one problem (a row group holds many rows): counted, the problem listed once. */
export function addUnreadable(report: SourceReport, count: number, problem: ReportedProblem): void {
  report.dropped.unreadable += count;
  report.reasons[problem.reason] = (report.reasons[problem.reason] ?? 0) + count;
  if (report.problems.length < PROBLEMS_LISTED) report.problems.push(problem);
}

/** The reasons of the normaliser's own drops, counted in `dropped.not_object` / `dropped.no_signal`. */
export const NOT_OBJECT = "not a JSON object";
export const NO_SIGNAL = "neither a prompt nor a step";

/** A row the normaliser dropped (already counted in `dropped`): listed and counted by reason. */
export function noteDrop(report: SourceReport, problem: ReportedProblem): void {
  countReason(report, problem);
}

function countReason(report: SourceReport, problem: ReportedProblem): void {
  report.reasons[problem.reason] = (report.reasons[problem.reason] ?? 0) + 1;
  if (report.problems.length < PROBLEMS_LISTED) report.problems.push(problem);
}

/** Reasons `describeLosses` already says in words of their own. */
const OWN_REASONS = new Set(["not JSON", NOT_OBJECT, NO_SIGNAL, ...UNREADABLE_REASONS]);

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * What a source lost, in phrases ("2 lines not JSON (lines 3, 9)", "read in part: 1 record"),
 * empty when it lost nothing: every app says it the same way, so nothing the user gave
 * disappears unremarked.
 */
export function lossPhrases(report: SourceReport): string[] {
  const parts: string[] = [];
  const { invalid_lines, not_object, no_signal, left_out } = report.dropped;
  if (invalid_lines > 0) {
    const more = invalid_lines > report.invalid_lines.length ? ", ..." : "";
    parts.push(`${plural(invalid_lines, "line")} not JSON (${invalid_lines === 1 ? "line" : "lines"} ${report.invalid_lines.join(", ")}${more})`);
  }
  const fields = report.reasons[WRONG_FIELD_COUNT] ?? 0;
  if (fields > 0) parts.push(`${plural(fields, "line")} with the wrong number of fields${where(report, WRONG_FIELD_COUNT, fields)}`);
  const quotes = report.reasons[BAD_QUOTES] ?? 0;
  if (quotes > 0) parts.push(`${plural(quotes, "line")} with a badly quoted field${where(report, BAD_QUOTES, quotes)}`);
  const groups = report.problems.filter((p) => p.reason === UNREADABLE_ROW_GROUP);
  const grouped = report.reasons[UNREADABLE_ROW_GROUP] ?? 0;
  if (grouped > 0) parts.push(`${plural(grouped, "row")} in Parquet row groups that do not decode (${groups.map((p) => p.detail?.replace(/:.*$/s, "")).join("; ")})`);
  if (not_object > 0) parts.push(`${plural(not_object, "value")} not a JSON object${where(report, NOT_OBJECT, not_object)}`);
  if (no_signal > 0) parts.push(`${plural(no_signal, "row")} with neither a prompt nor a step${where(report, NO_SIGNAL, no_signal)}`);
  const readerReasons = Object.entries(report.reasons).filter(([reason]) => !OWN_REASONS.has(reason));
  const why = readerReasons.length === 0 ? "" : ` (${readerReasons.map(([reason, n]) => `${reason}: ${n}`).join("; ")})`;
  if (left_out > 0) parts.push(`${plural(left_out, "record")} left out${report.half_read > 0 ? "" : why}`);
  const dropped = parts.length > 0 ? [`dropped ${parts.join(", ")}`] : [];
  const halfRead = report.half_read > 0 ? [`read in part: ${plural(report.half_read, "record")}${why}`] : [];
  return [...dropped, ...halfRead];
}

/** One line on what a source was read as: `traces.jsonl: rows-jsonl (JSON Lines of trajectory rows, gzip), 80 rows`. */
export function describeSource(report: SourceReport): string {
  return `${report.input}: ${report.format} (${describeFormat(report.format)}${report.gzip ? ", gzip" : ""}), ${plural(report.rows, "row")}`;
}

/** One line on what a source lost, or null when it lost nothing (an empty source says so). */
export function describeLosses(report: SourceReport): string | null {
  const phrases = lossPhrases(report);
  if (phrases.length === 0) return report.format === "empty" ? `${report.input}: empty, no rows` : null;
  return `${report.input}: ${phrases.join("; ")}; kept ${plural(report.rows, "row")}`;
}

/** ` (lines 3, 7)` / ` (records 2, 5, ...)` for the listed problems of one reason, or "" when none has a place. */
function where(report: SourceReport, reason: string, count: number): string {
  const listed = report.problems.filter((p) => p.reason === reason);
  const lines = listed.map((p) => p.line).filter((n) => n !== undefined);
  const records = listed.map((p) => p.record).filter((n) => n !== undefined);
  const [noun, places] = lines.length > 0 ? ["line", lines] : records.length > 0 ? ["record", records] : ["", []];
  if (places.length === 0) return "";
  return ` (${places.length === 1 && count === 1 ? noun : `${noun}s`} ${places.join(", ")}${count > places.length ? ", ..." : ""})`;
}
