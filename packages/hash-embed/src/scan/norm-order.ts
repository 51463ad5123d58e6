/**
 * Puts the stored sources in order of their sum of squared counts C before the scan, so the 16
 * lanes of a block have nearly the same norm. Why: a block's integer test uses one threshold for
 * all its lanes, `floor(low * min sqrt(C))`; with mixed norms that minimum lets 77% of blocks on
 * bench/prompts.mjs through to the f32 scoring, where almost all of them fail. Sorted, the
 * minimum is close to every lane's norm and the integer test drops nearly every block itself.
 *
 * The permutation moves whole lanes in place (cycle by cycle, one lane of scratch), so the byte
 * space does not grow, and then rewrites every block's header. The slot a source lands in is only
 * a position: `originals` keeps its index, and ties are broken by that index (nearest.ts).
 */
import type { ByteSpace } from "./byte-space.js";
import { BLOCK_STRIDE, CMAX, DIM, LANES, RS, SCALE, SQUARES_MAX } from "./layout.js";

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

/** Moves slot `order[d]` to slot `d` for every d, permutes `originals` and `squares` alike, and rebuilds the block headers. */
export function applyNormOrder(space: ByteSpace, base: number, stored: number, order: Uint32Array, originals: Int32Array, squares: Uint32Array): void {
  const u8 = space.u8;
  const lane = new Uint8Array(DIM + 4);
  const read = (slot: number, into: Uint8Array) => {
    const block = base + Math.floor(slot / LANES) * BLOCK_STRIDE;
    const at = slot % LANES;
    for (let b = 0; b < DIM; b++) into[b] = u8[block + b * LANES + at];
    into.set(u8.subarray(block + RS + at * 4, block + RS + at * 4 + 4), DIM);
  };
  const write = (slot: number, from: Uint8Array) => {
    const block = base + Math.floor(slot / LANES) * BLOCK_STRIDE;
    const at = slot % LANES;
    for (let b = 0; b < DIM; b++) u8[block + b * LANES + at] = from[b];
    u8.set(from.subarray(DIM, DIM + 4), block + RS + at * 4);
  };
  const moving = new Uint8Array(DIM + 4);
  const done = new Uint8Array(stored);
  for (let start = 0; start < stored; start++) {
    if (done[start] !== 0 || order[start] === start) continue;
    // Slot `start` is overwritten first, so its source waits in `lane` until the cycle closes.
    read(start, lane);
    let d = start;
    while (order[d] !== start) {
      read(order[d], moving);
      write(d, moving);
      done[d] = 1;
      d = order[d];
    }
    write(d, lane);
    done[d] = 1;
  }
  const oldOriginals = originals.slice(0, stored);
  const oldSquares = squares.slice(0, stored);
  for (let d = 0; d < stored; d++) {
    originals[d] = oldOriginals[order[d]];
    squares[d] = oldSquares[order[d]];
  }
  for (let block = 0; block * LANES < stored; block++) rebuildHeader(space, base + block * BLOCK_STRIDE, squares, block * LANES, Math.min(stored, (block + 1) * LANES));
}

/** A block's scale (f32 lower bound of its smallest sqrt(C)), largest count and largest C, from its lanes. */
function rebuildHeader(space: ByteSpace, block: number, squares: Uint32Array, from: number, to: number): void {
  const { u8, u32, f32 } = space;
  let scale = Infinity;
  let cmax = 0;
  let squaresMax = 0;
  for (let j = from; j < to; j++) {
    scale = Math.min(scale, Math.fround(Math.sqrt(squares[j]) * SCALE_SLACK));
    squaresMax = Math.max(squaresMax, squares[j]);
  }
  for (let b = 0; b < DIM * LANES; b++) cmax = Math.max(cmax, u8[block + b]);
  f32[(block + SCALE) >> 2] = scale;
  u8[block + CMAX] = cmax;
  u32[(block + SQUARES_MAX) >> 2] = squaresMax;
}
