/**
 * The Python SDK's leakage scan written as plainly as traces.py writes it: dense float vectors,
 * `_cosine` over all 256 components in order, strict `>` from 0.0. The reference every kernel
 * is compared against in tests and benchmarks.
 */
import { hashVector } from "../hash-vector.js";
import { powHalf } from "../python/pow-half.js";

export function pythonCosine(a: Float64Array, b: Float64Array): number {
  let dot = 0;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  for (let i = 0; i < a.length; i++) sa += a[i] * a[i];
  for (let i = 0; i < b.length; i++) sb += b[i] * b[i];
  const na = powHalf(sa);
  const nb = powHalf(sb);
  if (na === 0 || nb === 0) return 0.0;
  return dot / (na * nb);
}

/** `(best, best_j)` of each generated vector against the source vectors, as `_leak_flags` scans. */
export function naiveNearestVectors(generated: readonly Float64Array[], sources: readonly Float64Array[]): { best: number[]; source: number[] } {
  const best: number[] = [];
  const source: number[] = [];
  for (const v of generated) {
    let b = 0.0;
    let j = -1;
    for (let k = 0; k < sources.length; k++) {
      const sim = pythonCosine(v, sources[k]);
      if (sim > b) {
        b = sim;
        j = k;
      }
    }
    best.push(b);
    source.push(j);
  }
  return { best, source };
}

/** The same for texts through the hash embedder (an empty generated text is embedded as " "). */
export function naiveNearest(generated: readonly string[], sources: readonly string[]): { best: number[]; source: number[] } {
  return naiveNearestVectors(
    generated.map((text) => hashVector(text === "" ? " " : text)),
    sources.map((text) => hashVector(text)),
  );
}
