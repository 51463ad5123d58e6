/**
 * Where the scan keeps things in memory, shared by the WebAssembly kernel (assembly/scan.ts),
 * the TypeScript kernel and the worker threads. One byte space holds every worker's work area
 * first, then the source blocks, so the sources can grow at the end while they are embedded.
 */

/** Sources per block: one 16-lane SIMD vector of counts per bucket. */
export const LANES = 16;
/** Buckets of the hash embedder; the kernel layout is built for exactly this many. */
export const DIM = 256;
/**
 * Offsets inside a block: counts (bucket-major), each lane's f32 1/sqrt(C), scale, max count
 * (u8), and the largest sum of squared counts C of its lanes (u32, for the Cauchy-Schwarz bound).
 */
export const RS = DIM * LANES;
export const SCALE = RS + 4 * LANES;
export const CMAX = SCALE + 4;
export const SQUARES_MAX = CMAX + 4;
/** Bytes a block: 261 per source. */
export const BLOCK_STRIDE = CMAX + 12;

/** Candidates are kept when their f32 screen score is >= the row's best * WINDOW (as in assembly/scan.ts). */
export const WINDOW = Math.fround(1 - 1 / 65536);

/** Rows screened per kernel call, and candidates kept per row before it falls back to a rescan. */
export const BATCH_ROWS = 64;
export const CANDIDATES = 32;
/** A rescan covers at most this many blocks, so its candidate list (one per lane) cannot fill. */
export const RESCAN_BLOCKS = 256;
export const RESCAN_CAPACITY = RESCAN_BLOCKS * LANES;
/**
 * Blocks screened for every row of a batch before moving on. 16 blocks (67 KB) stay near L1 for
 * the batch's 64 rows; 128 (534 KB, L2) measured 15-20% slower at 1M sources (norm-ordered
 * blocks, where the kernel is the token adds and little else).
 */
export const TILE_BLOCKS = 16;
/** A u8-path row has at most 255 tokens: its expanded offsets fit a fixed area. */
export const MAX_EXPANDED = 255;

/** Row state, 32 bytes a row (see assembly/scan.ts). */
export const STATE_BYTES = 32;
export const STATE_MAX = 0;
export const STATE_COUNT = 4;
export const STATE_OVERFLOW = 8;
export const STATE_TOKENS = 12;
/** The row's sum of squared counts, saturated at 2^32 - 1 (only ever an upper bound). */
export const STATE_SQUARES = 16;

/** Byte offsets of one work area's parts, relative to its start. */
export const WORK = (() => {
  let at = 0;
  const take = (bytes: number) => {
    const start = at;
    at += Math.ceil(bytes / 16) * 16;
    return start;
  };
  const parts = {
    scratch: take(64),
    qStart: take((BATCH_ROWS + 1) * 4),
    qOff: take(BATCH_ROWS * MAX_EXPANDED * 4),
    nStart: take((BATCH_ROWS + 1) * 4),
    nOff: take(BATCH_ROWS * DIM * 4),
    nCnt: take(BATCH_ROWS * DIM * 4),
    state: take(BATCH_ROWS * STATE_BYTES),
    cand: take(BATCH_ROWS * CANDIDATES * 8),
    rescanState: take(STATE_BYTES),
    rescanCand: take(RESCAN_CAPACITY * 8),
  };
  return { ...parts, bytes: at };
})();

/** The first work area starts past page 0, which the kernel's runtime may use. */
export const WORK_BASE = 65536;

/** Where the source blocks start when `workers` work areas come first (64 KiB aligned). */
export function sourceBase(workers: number): number {
  return Math.ceil((WORK_BASE + workers * WORK.bytes) / 65536) * 65536;
}
