/**
 * What every source-family reader is: a small pure function over parsed records. The front door
 * (read.ts) decodes bytes into records, picks the family by the first record, and hands the
 * reader every record; the reader groups them into conversations and returns row values, which
 * the normaliser (`loadTraces`) turns into canonical rows. A reader never does I/O.
 */

/** One parsed record: a JSON Lines line's value, or one element of a JSON document. */
export interface SourceRecord {
  readonly value: unknown;
  /** 1-based line of the record in JSON Lines; in a JSON document, its place (the report calls it `record`). */
  readonly line: number;
}

/** A record left out (`dropped`) or read only in part (`half_read`), and why. */
export interface Problem {
  readonly kind: "dropped" | "half_read";
  /** The record's line, when the problem belongs to one record. */
  readonly line?: number;
  /** Short and stable: it is counted by reason in the report (e.g. "tool_result without a tool_use"). */
  readonly reason: string;
}

export type ProblemSink = (problem: Problem) => void;

/** A family of record files that are neither OpenTelemetry nor plain rows. */
export interface RecordReader {
  /** The format name the report shows (e.g. "claude-code-jsonl"). */
  readonly format: string;
  /** Whether a source whose first record is `first` is this family's. */
  matches(first: unknown): boolean;
  /** All the source's records as row values, in the order their conversations start. */
  read(records: readonly SourceRecord[], problem: ProblemSink): unknown[];
}
