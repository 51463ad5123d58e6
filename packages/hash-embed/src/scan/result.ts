/**
 * What a scan returns: the `leakage_report` report, and for every generated row scanned, its
 * flag, nearest source and similarity (typed arrays: a million rows cost 17 MB, not objects).
 */
import type { LeakageReport } from "./tally.js";

/** A shard's report carries what `mergeLeakageReports` needs to check and combine the parts. */
export interface ShardReport extends LeakageReport {
  shard: { index: number; count: number; examples: number };
}

export interface LeakageScan {
  report: LeakageReport | ShardReport;
  /** Index of each scanned row in the generated input (every row, or a shard's rows). */
  rows: Int32Array;
  /** 1 where the row leaks. */
  flags: Uint8Array;
  /** Index of the row's nearest source among the non-empty sources, -1 for none. */
  sources: Int32Array;
  /** The similarity the decision used: the best cosine, or 1.0 for an exact copy. */
  similarities: Float64Array;
  /** The kernel that ran and the threads that scanned. */
  kernel: "wasm" | "ts";
  threads: number;
  /** Seconds spent embedding the sources, and scanning the generated rows (their embedding included). */
  timings: ScanTimings;
}

export interface ScanTimings {
  sourcesSeconds: number;
  scanSeconds: number;
}

/** Per-row outputs that grow as rows stream in. */
export class RowOutputs {
  size = 0;
  rows = new Int32Array(1024);
  flags = new Uint8Array(1024);
  sources = new Int32Array(1024);
  similarities = new Float64Array(1024);

  push(row: number, flag: boolean, source: number, similarity: number): void {
    if (this.size === this.rows.length) this.grow();
    const i = this.size++;
    this.rows[i] = row;
    this.flags[i] = flag ? 1 : 0;
    this.sources[i] = source;
    this.similarities[i] = similarity;
  }

  private grow(): void {
    const n = this.rows.length * 2;
    const widen = <T extends Int32Array | Uint8Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.rows = widen(this.rows, (k) => new Int32Array(k));
    this.flags = widen(this.flags, (k) => new Uint8Array(k));
    this.sources = widen(this.sources, (k) => new Int32Array(k));
    this.similarities = widen(this.similarities, (k) => new Float64Array(k));
  }

  finish(report: LeakageScan["report"], kernel: "wasm" | "ts", threads: number, timings: ScanTimings): LeakageScan {
    const n = this.size;
    return {
      report,
      rows: this.rows.slice(0, n),
      flags: this.flags.slice(0, n),
      sources: this.sources.slice(0, n),
      similarities: this.similarities.slice(0, n),
      kernel,
      threads,
      timings,
    };
  }
}
