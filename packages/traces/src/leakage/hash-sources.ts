/**
 * The hash-embedder side of the leakage scan, kept compact: each distinct source text as its
 * nonzero hash components only (a prompt touches a few dozen of 256 buckets). Every cosine is
 * the one `_cosine` computes, to the last bit: the skipped components are x * 0 = +0, which never
 * changes a sum that starts at +0, and the kept ones are added in the same index order.
 */
import { hashVector } from "@whileai/hash-embed";
import { powHalf, sumSquares } from "./cosine.js";

export class HashSources {
  /** Source index (into the flattened, non-empty source list) of each kept vector. */
  private readonly index: number[] = [];
  private readonly norm: number[] = [];
  private readonly start: number[] = [0];
  private positions: number[] = [];
  private values: number[] = [];

  /**
   * Repeated texts keep only their first index: an identical vector later in the list scores
   * the same and strict `>` keeps the lowest index. A zero vector scores 0.0 and never wins.
   */
  constructor(texts: readonly string[]) {
    const seen = new Set<string>();
    for (let j = 0; j < texts.length; j++) {
      const text = texts[j];
      if (seen.has(text)) continue;
      seen.add(text);
      const v = hashVector(text);
      const norm = powHalf(sumSquares(v));
      if (norm === 0) continue;
      for (let i = 0; i < v.length; i++) {
        if (v[i] !== 0) {
          this.positions.push(i);
          this.values.push(v[i]);
        }
      }
      this.index.push(j);
      this.norm.push(norm);
      this.start.push(this.positions.length);
    }
  }

  /** `(best, best_j)` of one generated hash vector against every source, as traces.py scans. */
  nearest(v: Float64Array): [number, number] {
    let best = 0.0;
    let bestJ = -1;
    const na = powHalf(sumSquares(v));
    if (na === 0) return [best, bestJ];
    const { positions, values, start, norm, index } = this;
    for (let k = 0; k < index.length; k++) {
      let dot = 0;
      for (let p = start[k]; p < start[k + 1]; p++) dot += v[positions[p]] * values[p];
      const sim = dot / (na * norm[k]);
      if (sim > best) {
        best = sim;
        bestJ = index[k];
      }
    }
    return [best, bestJ];
  }
}
