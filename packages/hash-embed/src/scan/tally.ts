/**
 * The leakage report (traces.md §8.4-8.5) built row by row from each row's nearest source:
 * a row leaks when its best cosine, or 1.0 for a case- and whitespace-insensitive exact copy of
 * a source, is at least min(threshold, 1.0). Keys keep the Python spelling.
 */
import { pyCollapse } from "../python/text.js";
import { pyRound } from "../python/round.js";

/** One flagged row: its index, the index of its nearest source, and `round(similarity, 4)`. */
export interface LeakExample {
  row: number;
  source: number;
  similarity: number;
}

/** The report of `leakage_report`, keys in Python's order. */
export interface LeakageReport {
  n: number;
  n_sources: number;
  threshold: number;
  n_leaky: number;
  max_similarity: number;
  leaky: LeakExample[];
}

/** `min(a, b)` / `max(a, b)` with Python's argument order (NaN handling follows it too). */
export const pyMin = (a: number, b: number): number => (b < a ? b : a);
export const pyMax = (a: number, b: number): number => (b > a ? b : a);

export class LeakageTally {
  readonly report: LeakageReport;
  private readonly limit: number;
  private cap: number | null = null;

  /**
   * `examples` may be a function: Python compares `len(leaky) < examples` only once a row is
   * flagged, so a bad value fails only then (the @whileai/traces port keeps that).
   */
  constructor(
    threshold: number,
    private readonly examples: number | (() => number),
    nSources: number,
    /** The sources' collapsed texts: a Set of them, or the scan's ExactCopies. */
    private readonly sourceTexts: { has(collapsed: string): boolean },
  ) {
    this.limit = pyMin(threshold, 1.0);
    this.report = { n: 0, n_sources: nSources, threshold, n_leaky: 0, max_similarity: 0.0, leaky: [] };
  }

  /** The similarity a row is judged on: 1.0 for an exact copy of a source, else its best cosine. */
  similarity(text: string, cosineBest: number): number {
    return this.sourceTexts.has(pyCollapse(text)) ? 1.0 : cosineBest;
  }

  /** Counts row `row` with its similarity and nearest source (kept even for an exact copy); true when it leaks. */
  add(row: number, best: number, source: number): boolean {
    const report = this.report;
    report.n += 1;
    report.max_similarity = pyMin(1.0, pyMax(report.max_similarity, best));
    if (!(best >= this.limit)) return false;
    report.n_leaky += 1;
    this.cap ??= typeof this.examples === "function" ? this.examples() : this.examples;
    if (report.leaky.length < this.cap) report.leaky.push({ row, source, similarity: pyRound(best, 4) });
    return true;
  }
}
