/**
 * `_cosine(a, b)` of traces.py (traces.md §8.3), bit for bit: dot and squared norms summed left
 * to right as CPython 3.11's builtin `sum` does (the conformance vectors were recorded there),
 * `** 0.5` as CPython's glibc `pow` answers it (`powHalf`), and 0.0 when either norm is zero.
 * Not clamped: 1.0000000000000002 is a possible answer.
 */
import type { Vector } from "@whileai/hash-embed";
import { powHalf } from "@whileai/hash-embed/internal";

/** `sum(x * x for x in v)`, left to right. */
export function sumSquares(v: Vector): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return s;
}

/** `_cosine(a, b)`: `zip` stops at the shorter vector; the norms use every component. */
export function cosine(a: Vector, b: Vector): number {
  const n = Math.min(a.length, b.length);
  let dot = 0;
  for (let i = 0; i < n; i++) dot += a[i] * b[i];
  const na = powHalf(sumSquares(a));
  const nb = powHalf(sumSquares(b));
  if (na === 0 || nb === 0) return 0;
  return dot / (na * nb);
}

/** A vector with what the scan needs computed once: its norm and its nonzero positions. */
export interface PreparedVector {
  readonly values: Vector;
  readonly norm: number;
  /** Indices with a nonzero (or NaN) component, ascending. */
  readonly nonzero: Int32Array;
  /** Every component finite: a zero of the other vector times this one adds exactly +-0. */
  readonly finite: boolean;
}

export function prepareVector(values: Vector): PreparedVector {
  const positions: number[] = [];
  let finite = true;
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    if (x !== 0) positions.push(i);
    if (!Number.isFinite(x)) finite = false;
  }
  return { values, norm: powHalf(sumSquares(values)), nonzero: Int32Array.from(positions), finite };
}

/**
 * `_cosine(a.values, b.values)` from prepared vectors, with the same value to the last bit.
 * Adding x * 0 (= +-0) never changes a sum that starts at +0, so when the other side is finite
 * the dot may visit only one side's nonzero positions, still in index order.
 */
export function preparedCosine(a: PreparedVector, b: PreparedVector): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  const x = a.values;
  const y = b.values;
  const n = Math.min(x.length, y.length);
  let dot = 0;
  const sparse = b.finite && (!a.finite || a.nonzero.length <= b.nonzero.length) ? a : a.finite ? b : null;
  if (sparse === null) {
    for (let i = 0; i < n; i++) dot += x[i] * y[i];
  } else {
    const idx = sparse.nonzero;
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k];
      if (i >= n) break;
      dot += x[i] * y[i];
    }
  }
  return dot / (a.norm * b.norm);
}
