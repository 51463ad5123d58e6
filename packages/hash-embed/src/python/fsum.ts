/**
 * Python's `math.fsum`: the correctly rounded sum of floats. The hash embedder normalises with
 * it (issue #410 of the Python SDK: builtin `sum` changed between CPython versions), so a
 * plain loop could differ in the last bit. Shewchuk's partials, then CPython's half-even
 * correction when the exact sum lies halfway between two doubles.
 */

/** `math.fsum(values)`. Throws where CPython raises (intermediate overflow, -inf + inf). */
export function fsum(values: Iterable<number>): number {
  const partials: number[] = [];
  let special = 0;
  let infSum = 0;
  for (const value of values) {
    let x = value;
    const xsave = x;
    let i = 0;
    for (let j = 0; j < partials.length; j++) {
      let y = partials[j];
      if (Math.abs(x) < Math.abs(y)) {
        const t = x;
        x = y;
        y = t;
      }
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[i++] = lo;
      x = hi;
    }
    partials.length = i;
    if (x === 0) continue;
    if (!Number.isFinite(x)) {
      // A non-finite x is either an overflow of finite summands or an inf/nan summand.
      if (Number.isFinite(xsave)) throw new RangeError("intermediate overflow in fsum");
      if (xsave === Infinity || xsave === -Infinity) infSum += xsave;
      special += xsave;
      partials.length = 0;
    } else {
      partials.push(x);
    }
  }
  if (special !== 0) {
    if (Number.isNaN(infSum)) throw new Error("-inf + inf in fsum");
    return special;
  }
  return sumPartials(partials);
}

// Sum the non-overlapping partials from the top; stop at the first inexact addition, then
// round half to even using the sign of the next partial (CPython's math_fsum tail).
function sumPartials(partials: number[]): number {
  let n = partials.length;
  if (n === 0) return 0;
  let hi = partials[--n];
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n];
    hi = x + y;
    const yr = hi - x;
    lo = y - yr;
    if (lo !== 0) break;
  }
  if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
    const y = lo * 2;
    const x = hi + y;
    const yr = x - hi;
    if (y === yr) hi = x;
  }
  return hi;
}
