/** CPython's `x ** 0.5`, which the Python SDK's cosine takes for every norm (traces.md §8.3). */

const BELOW_ONE = 1 - 2 ** -53;

/**
 * `x ** 0.5` as CPython answers it through glibc's `pow`, which is not correctly rounded: for
 * x = 1 - 2^-53 (a common squared norm of a unit vector) it gives 1.0 where sqrt gives
 * 0.9999999999999999. Checked against CPython 3.11 on glibc 2.36 for every x within 2^20 ulps
 * of 1.0; this is the only difference there.
 */
export function powHalf(x: number): number {
  return x === BELOW_ONE ? 1.0 : Math.sqrt(x);
}
