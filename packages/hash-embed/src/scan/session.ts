/**
 * The part of a scan shared by every way of running it: reading the sources into an index,
 * cutting the generated rows into chunks (only this shard's rows), judging each chunk's rows in
 * order, reporting progress. Runners (this thread, or worker threads) only find nearest sources.
 */
import type { EmbeddedRows } from "./embedded-rows.js";
import { BATCH_ROWS } from "./layout.js";
import { LeakageIndex } from "./leakage-index.js";
import type { NearestSink } from "./nearest.js";
import type { ResolvedOptions } from "./options.js";
import { progressOf } from "./progress.js";
import { RowOutputs, type LeakageScan, type ShardReport } from "./result.js";
import { LeakageTally } from "./tally.js";

/** A chunk of generated rows: their indices in the input and their prompts (embedded already, when a runner did so ahead of the scan). */
export interface Chunk {
  rows: number[];
  texts: string[];
  embedded?: Promise<EmbeddedRows>;
}

/** Rows per chunk: about 2 x 10^8 pairs, so progress and cancellation come every ~0.1-1 s. */
export function chunkRows(sources: number): number {
  return wholeBatches(Math.min(8192, Math.max(64, Math.round(2e8 / Math.max(1, sources)))));
}

/** Rounded up to whole kernel batches: a chunk of 3,125 rows would end in a batch of 53. */
function wholeBatches(rows: number): number {
  return Math.ceil(rows / BATCH_ROWS) * BATCH_ROWS;
}

export class ScanSession {
  readonly index: LeakageIndex;
  private tally: LeakageTally | null = null;
  private readonly outputs = new RowOutputs();
  private readonly created = performance.now();
  /** When the generated rows started: the rate and ETA count from here. */
  private started = 0;
  private rowsSeen = 0;
  private chunk: Chunk = { rows: [], texts: [] };
  private chunkSize = 0;

  /** `sourcesTotal`: the number of source items when known up front, so rows can be chunked before the sources are read. */
  constructor(
    private readonly options: ResolvedOptions,
    private readonly rowsTotal: number | null,
    private readonly workers: number,
    sourcesTotal: number | null = null,
  ) {
    this.index = new LeakageIndex({ kernel: options.kernel, workers });
    if (sourcesTotal !== null) this.chunkSize = this.chunkSizeFor(sourcesTotal);
  }

  /** Whether generated rows can be taken before the sources are all read. */
  get chunking(): boolean {
    return this.chunkSize > 0;
  }

  /** Generated rows taken so far (this shard's and the others'). */
  get rowsTaken(): number {
    return this.rowsSeen;
  }

  private chunkSizeFor(sources: number): number {
    const size = chunkRows(sources);
    if (this.workers === 1 || this.rowsTotal === null) return size;
    // A known, short input still gives every thread several chunks, or one thread gets them all.
    const rows = this.options.shard === undefined ? this.rowsTotal : Math.ceil(this.rowsTotal / this.options.shard.count);
    return Math.min(size, wholeBatches(Math.max(256, Math.ceil(rows / (4 * this.workers)))));
  }

  /** Call once every source is added. */
  beginGenerated(): void {
    const { threshold, examples } = this.options;
    this.tally = new LeakageTally(threshold, examples, this.index.count, this.index.copies);
    if (!this.chunking) this.chunkSize = this.chunkSizeFor(this.index.count);
    this.started = performance.now();
  }

  /** Takes the next generated prompt; returns a full chunk when one is ready (call `beginGenerated` first unless `chunking`). */
  push(text: string): Chunk | null {
    const row = this.rowsSeen++;
    const shard = this.options.shard;
    if (shard !== undefined && row % shard.count !== shard.index) return null;
    this.chunk.rows.push(row);
    this.chunk.texts.push(text);
    return this.chunk.rows.length >= this.chunkSize ? this.take() : null;
  }

  /** The last, partial chunk (null when empty). */
  flush(): Chunk | null {
    return this.chunk.rows.length > 0 ? this.take() : null;
  }

  private take(): Chunk {
    const chunk = this.chunk;
    this.chunk = { rows: [], texts: [] };
    return chunk;
  }

  /** Judges a chunk's rows, in order; chunks must be applied in the order they were taken. */
  apply(chunk: Chunk, nearest: NearestSink): void {
    const tally = this.tally as LeakageTally;
    const noSources = this.index.count === 0;
    for (let i = 0; i < chunk.rows.length; i++) {
      if (noSources) {
        // Python returns before scanning when there are no sources: nothing can leak.
        tally.report.n += 1;
        this.outputs.push(chunk.rows[i], false, -1, 0.0);
        continue;
      }
      const similarity = tally.similarity(chunk.texts[i], nearest.best[i]);
      const flag = tally.add(chunk.rows[i], similarity, nearest.source[i]);
      this.outputs.push(chunk.rows[i], flag, nearest.source[i], similarity);
    }
    this.options.onProgress?.(this.progress());
  }

  private progress() {
    const shard = this.options.shard;
    const total = this.rowsTotal === null ? null : shard === undefined ? this.rowsTotal : Math.ceil((this.rowsTotal - shard.index) / shard.count);
    return progressOf(this.outputs.size, total, this.index.count, this.started, performance.now());
  }

  throwIfAborted(): void {
    this.options.signal?.throwIfAborted();
  }

  finish(threads: number): LeakageScan {
    const tally = this.tally as LeakageTally;
    const shard = this.options.shard;
    const report: LeakageScan["report"] =
      shard === undefined ? tally.report : ({ ...tally.report, shard: { index: shard.index, count: shard.count, examples: this.options.examples } } satisfies ShardReport);
    const timings = { sourcesSeconds: (this.started - this.created) / 1000, scanSeconds: (performance.now() - this.started) / 1000 };
    return this.outputs.finish(report, this.index.kernel, threads, timings);
  }
}

/** Empty result arrays for a chunk of `n` rows. */
export function sinkFor(n: number): NearestSink {
  return { best: new Float64Array(n), source: new Int32Array(n) };
}
