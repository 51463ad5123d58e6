/**
 * Puts the stored sources in order of their sum of squared counts C before the scan, so the 16
 * lanes of a block have nearly the same norm. Why: a block's integer test uses one threshold for
 * all its lanes, `floor(low * min sqrt(C))`; with mixed norms that minimum lets 77% of blocks on
 * bench/prompts.mjs through to the f32 scoring, where almost all of them fail. Sorted, the
 * minimum is close to every lane's norm and the integer test drops nearly every block itself.
 *
 * The store writes each source once, straight into the slot this order gives it (source-store.ts).
 * The slot a source lands in is only a position: `originals` keeps its index, and ties are broken
 * by that index (nearest.ts).
 */

// Lowered by a millionth so that float rounding can only make the block bound looser.
export const SCALE_SLACK = 1 - 1e-6;

/** Slot order by (C, slot): `order[d]` is the slot whose source moves to slot `d`. */
export function normOrder(squares: Uint32Array, stored: number): Uint32Array {
  // C <= 256 * 255^2 < 2^25 and slots < 2^26 (4 GiB / 261 bytes), so the key is an exact integer.
  const keys = new Float64Array(stored);
  for (let j = 0; j < stored; j++) keys[j] = squares[j] * 2 ** 26 + j;
  keys.sort();
  const order = new Uint32Array(stored);
  for (let d = 0; d < stored; d++) order[d] = keys[d] % 2 ** 26;
  return order;
}
