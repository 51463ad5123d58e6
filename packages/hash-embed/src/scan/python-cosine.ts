/**
 * The cosine exactly as the Python SDK computes it for two hash vectors (traces.md §8.3):
 * components are count / sqrt(sum of squares) (`_normalize`), the dot and squared norms are
 * summed left to right in index order, norms are `x ** 0.5`, and the answer is
 * dot / (na * nb). Zero components add +0.0 and change nothing, so only nonzero buckets are
 * visited, still in index order. The scan's screen only chooses which sources reach this.
 */
import { normDivisor } from "../hash-vector.js";
import { powHalf } from "../python/pow-half.js";
import { DIM, LANES } from "./layout.js";
import type { EmbeddedRows } from "./embedded-rows.js";

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
    const norm = normDivisor(chunk.squares[r], () => counts.subarray(from, from + size));
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
   * its divisor and length at `norms[at]` and `norms[at + 1]` (source-store.ts): only the row's
   * buckets are read.
   */
  cosineWithStored(u8: Uint8Array, block: number, lane: number, norms: Float64Array, at: number): number {
    const divisor = norms[at];
    let dot = 0;
    for (let k = 0; k < this.size; k++) {
      const c = u8[block + this.nonzero[k] * LANES + lane];
      if (c !== 0) dot += this.values[k] * (c / divisor);
    }
    return this.finish(dot, norms[at + 1]);
  }

  /** Python's cosine against a source kept as sparse counts (one with a count above 255). */
  cosineWithSparse(buckets: Int32Array, counts: Float64Array): number {
    let squares = 0;
    for (let k = 0; k < counts.length; k++) squares += counts[k] * counts[k];
    const norm = normDivisor(squares, () => counts);
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
