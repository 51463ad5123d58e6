/**
 * The cosine exactly as the Python SDK computes it for two hash vectors (traces.md §8.3):
 * components are count / sqrt(sum of squares) (`_normalize`), the dot and squared norms are
 * summed left to right in index order, norms are `x ** 0.5`, and the answer is
 * dot / (na * nb). Zero components add +0.0 and change nothing, so only nonzero buckets are
 * visited, still in index order. The scan's screen only chooses which sources reach this.
 */
import { fsum } from "../python/fsum.js";
import { powHalf } from "../python/pow-half.js";
import { BLOCK_STRIDE, DIM, LANES } from "./layout.js";
import type { EmbeddedRows } from "./embedded-rows.js";

/** `_normalize`'s divisor: sqrt(fsum(x*x)) or 1.0. Integer squares below 2^53 sum exactly. */
function normOf(squares: number, counts: () => number[]): number {
  const exact = squares > Number.MAX_SAFE_INTEGER ? fsum(counts().map((x) => x * x)) : squares;
  return Math.sqrt(exact) || 1.0;
}

/** A generated prompt's hash vector, ready to be compared the Python way. */
export class ExactQuery {
  /** Nonzero buckets, ascending, and their normalised components. */
  readonly nonzero = new Int32Array(DIM);
  readonly values = new Float64Array(DIM);
  size = 0;
  /** `sum(x * x for x in a) ** 0.5`. */
  norm = 0;

  /** Row `r` of an embedded chunk. */
  set(chunk: EmbeddedRows, r: number): this {
    const { buckets, counts } = chunk;
    const from = chunk.starts[r];
    const size = chunk.starts[r + 1] - from;
    const norm = normOf(chunk.squares[r], () => Array.from(counts.subarray(from, from + size)));
    let sum = 0;
    for (let k = 0; k < size; k++) {
      const x = counts[from + k] / norm;
      this.nonzero[k] = buckets[from + k];
      this.values[k] = x;
      sum += x * x;
    }
    this.size = size;
    this.norm = powHalf(sum);
    return this;
  }

  /**
   * Python's cosine against the stored source in `lane` of the block at byte `block` of `u8`,
   * its norms at `f64[norms]` (`writeSourceNorms`): only the row's buckets are read.
   */
  cosineWithStored(u8: Uint8Array, block: number, lane: number, f64: Float64Array, norms: number): number {
    const divisor = f64[norms];
    let dot = 0;
    for (let k = 0; k < this.size; k++) {
      const c = u8[block + this.nonzero[k] * LANES + lane];
      if (c !== 0) dot += this.values[k] * (c / divisor);
    }
    return this.finish(dot, f64[norms + 1]);
  }

  /** Python's cosine against a source kept as sparse counts (one with a count above 255). */
  cosineWithSparse(buckets: Int32Array, counts: Float64Array): number {
    let squares = 0;
    for (let k = 0; k < counts.length; k++) squares += counts[k] * counts[k];
    const norm = normOf(squares, () => Array.from(counts));
    let sum = 0;
    for (let k = 0; k < counts.length; k++) {
      const y = counts[k] / norm;
      sum += y * y;
    }
    let dot = 0;
    let p = 0;
    for (let k = 0; k < this.size; k++) {
      const b = this.nonzero[k];
      while (p < buckets.length && buckets[p] < b) p++;
      if (p < buckets.length && buckets[p] === b) dot += this.values[k] * (counts[p] / norm);
    }
    return this.finish(dot, powHalf(sum));
  }

  private finish(dot: number, sourceNorm: number): number {
    if (this.norm === 0 || sourceNorm === 0) return 0.0;
    return dot / (this.norm * sourceNorm);
  }
}

/**
 * A stored source's norms as Python takes them, into `f64[at]` and `f64[at + 1]`: `_normalize`'s
 * divisor sqrt(C) (C, the sum of its squared counts, is exact), then the normalised vector's
 * length `sum(y * y) ** 0.5` over its nonzero counts in bucket order, given as (bucket, count)
 * byte pairs at `pairs[from, to)`. Written once per source, when the store is sealed.
 */
export function writeSourceNorms(pairs: Uint8Array, from: number, to: number, squares: number, f64: Float64Array, at: number): void {
  const divisor = Math.sqrt(squares) || 1.0;
  let sum = 0;
  for (let e = from; e < to; e += 2) {
    const y = pairs[e + 1] / divisor;
    sum += y * y;
  }
  f64[at] = divisor;
  f64[at + 1] = powHalf(sum);
}

/** Byte offset of source `index`'s block in a source region starting at `base`. */
export function blockAt(base: number, index: number): number {
  return base + Math.floor(index / LANES) * BLOCK_STRIDE;
}
