/**
 * Tests of the scan's exactness need count vectors no real text is likely to hash to (near
 * ties at the last bit, counts at the 8/16-bit limits). This embedder reads a "text" such as
 * "3:2 17:255" as bucket 3 counted twice and bucket 17 counted 255 times.
 */
import { normalizeCounts } from "../hash-vector.js";
import { pyCollapse } from "../python/text.js";
import { CountEmbedder } from "../scan/count-embedder.js";
import { copyKeyOf } from "../scan/exact-copies.js";
import { DIM } from "../scan/layout.js";
import { naiveNearestVectors } from "./naive-scan.js";

export class ChosenCounts extends CountEmbedder {
  override embed(text: string): void {
    this.reset();
    this.copyKey = copyKeyOf(pyCollapse(text));
    const buckets: number[] = [];
    for (const part of text.split(" ").filter(Boolean)) {
      const [b, c] = part.split(":").map(Number);
      for (let k = 0; k < c; k++) buckets.push(b);
    }
    this.tally(buckets, buckets.length);
  }
}

export function countsText(counts: ArrayLike<number>): string {
  const parts: string[] = [];
  for (let b = 0; b < counts.length; b++) if (counts[b] > 0) parts.push(`${b}:${counts[b]}`);
  return parts.join(" ");
}

function dense(text: string): Float64Array {
  const v = new Float64Array(DIM);
  for (const part of text.split(" ").filter(Boolean)) {
    const [b, c] = part.split(":").map(Number);
    v[b] += c;
  }
  return normalizeCounts(v);
}

/** The Python scan over chosen count vectors. */
export function naiveNearestCounts(generated: readonly string[], sources: readonly string[]): { best: number[]; source: number[] } {
  return naiveNearestVectors(generated.map(dense), sources.map(dense));
}
