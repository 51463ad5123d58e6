/**
 * A chunk of generated prompts embedded ahead of its scan, in a compact form: each distinct
 * non-empty text's nonzero buckets and counts, its tokens and its sum of squared counts. It needs
 * no sources, so a worker thread can embed chunks while the calling thread is still embedding
 * the sources, and any worker can scan them once the sources are sealed (nearest.ts). Plain
 * typed arrays, so a chunk can be posted between threads with its buffers transferred.
 */
import type { TextCounts } from "./text-counts.js";

/** `rowOf` of a text with no words: it scores 0.0 against every source. */
export const NO_WORDS = -1;

export interface EmbeddedRows {
  /** For each text: its row, NO_WORDS, or `-2 - t` for a repeat of earlier text `t` (scanned once). */
  rowOf: Int32Array;
  /** Row r's buckets (ascending; DIM is 256, so a byte each) and counts are at [starts[r], starts[r + 1]). */
  starts: Int32Array;
  buckets: Uint8Array;
  counts: Uint32Array;
  /** Row r's tokens (the sum of its counts) and sum of squared counts. */
  tokens: Float64Array;
  squares: Float64Array;
}

/** Embeds `texts` with `embedder`; a text repeated in the list is embedded once. */
export function embedRows(embedder: TextCounts, texts: readonly string[]): EmbeddedRows {
  const out = new RowsBuilder(texts.length);
  const firstOf = new Map<string, number>();
  for (let i = 0; i < texts.length; i++) {
    const earlier = firstOf.get(texts[i]);
    if (earlier !== undefined) {
      out.rowOf[i] = -2 - earlier;
      continue;
    }
    firstOf.set(texts[i], i);
    embedder.embed(texts[i]);
    out.rowOf[i] = embedder.size === 0 ? NO_WORDS : out.push(embedder);
  }
  return out.finish();
}

/** The buffers to transfer when posting `rows` to another thread. */
export function rowsBuffers(rows: EmbeddedRows): ArrayBuffer[] {
  return [rows.rowOf, rows.starts, rows.buckets, rows.counts, rows.tokens, rows.squares].map((a) => a.buffer as ArrayBuffer);
}

class RowsBuilder {
  readonly rowOf: Int32Array;
  private rows = 0;
  private starts = new Int32Array(65);
  private buckets = new Uint8Array(2048);
  private counts = new Uint32Array(2048);
  private tokens = new Float64Array(64);
  private squares = new Float64Array(64);

  constructor(texts: number) {
    this.rowOf = new Int32Array(texts);
  }

  /** Appends the embedder's current text as the next row; returns its number. */
  push(e: TextCounts): number {
    const r = this.rows++;
    if (r === this.tokens.length) this.growRows();
    let at = this.starts[r];
    if (at + e.size > this.buckets.length) this.growEntries(at + e.size);
    const { buckets, counts } = this;
    for (let k = 0; k < e.size; k++) {
      const b = e.nonzero[k];
      buckets[at] = b;
      counts[at++] = e.counts[b];
    }
    this.starts[r + 1] = at;
    this.tokens[r] = e.tokens;
    this.squares[r] = e.squares();
    return r;
  }

  finish(): EmbeddedRows {
    const { rowOf, rows, starts, buckets, counts, tokens, squares } = this;
    return { rowOf, starts: starts.subarray(0, rows + 1), buckets, counts, tokens: tokens.subarray(0, rows), squares: squares.subarray(0, rows) };
  }

  private growRows(): void {
    const n = this.tokens.length * 2;
    const starts = new Int32Array(n + 1);
    starts.set(this.starts);
    this.starts = starts;
    const tokens = new Float64Array(n);
    tokens.set(this.tokens);
    this.tokens = tokens;
    const squares = new Float64Array(n);
    squares.set(this.squares);
    this.squares = squares;
  }

  private growEntries(needed: number): void {
    const n = Math.max(needed, this.buckets.length * 2);
    const buckets = new Uint8Array(n);
    buckets.set(this.buckets);
    this.buckets = buckets;
    const counts = new Uint32Array(n);
    counts.set(this.counts);
    this.counts = counts;
  }
}
