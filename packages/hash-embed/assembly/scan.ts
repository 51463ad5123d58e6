// The leakage scan's screening kernel, compiled to WebAssembly SIMD (see docs/leakage-scan-design.md).
//
// Sources are stored 16 to a block (layout in src/scan/layout.ts): bucket-major counts, byte
// `b * 16 + lane` is the count of bucket b in the block's lane-th source, then each lane's
// f32 1/sqrt(C), the block's f32 lower bound of sqrt(C), its largest count and its largest C
// (the sum of a lane's squared counts). A generated row
// is its nonzero buckets, so a row against a block is one 16-lane vector add (or multiply-add)
// per query bucket. Every source's screen score is f32(dot) * f32(1 / sqrt(C)), kept within a
// window below the row's running maximum; the caller recomputes the survivors exactly, the way
// Python does. src/scan/kernel-ts.ts makes the same decisions in TypeScript.

const BLOCK_STRIDE: usize = 4176;
const RS: usize = 4096;
const SCALE: usize = 4160;
const CMAX: usize = 4164;
const SQUARES_MAX: usize = 4168;
// Candidates are kept when score >= max * WINDOW: 2^-16 is 40x wider than the screen's error.
const WINDOW: f32 = 1.0 - 1.0 / 65536.0;

// Row state, 32 bytes a row: running max (f32), candidates kept, overflow flag, token count,
// sum of squared counts (saturated: only ever an upper bound).
const MAX: usize = 0;
const COUNT: usize = 4;
const OVERFLOW: usize = 8;
const TOKENS: usize = 12;
const SQUARES: usize = 16;

// The row being scanned (one instance scans one row at a time).
let best: f32 = 0;
let low: f32 = 0;
let rowState: usize = 0;
let rowCand: usize = 0;
let rowCap: i32 = 0;
let scratchAt: usize = 0;

/**
 * Screens rows [rowFrom, rowTo) against blocks [blockFrom, blockTo), `tileBlocks` blocks at a
 * time for every row so a tile of sources stays in cache. State and candidates are indexed
 * from rowFrom. Per row, the query comes twice: expanded (one byte offset per token, for the
 * byte path) and as (offset, count) pairs.
 */
export function scan(
  src: usize,
  qStart: usize,
  qOff: usize,
  nStart: usize,
  nOff: usize,
  nCnt: usize,
  state: usize,
  cand: usize,
  cap: i32,
  rowFrom: i32,
  rowTo: i32,
  blockFrom: i32,
  blockTo: i32,
  tileBlocks: i32,
  scratch: usize,
): void {
  rowCap = cap;
  scratchAt = scratch;
  for (let tile = blockFrom; tile < blockTo; tile += tileBlocks) {
    const tileEnd = min(tile + tileBlocks, blockTo);
    for (let row = rowFrom; row < rowTo; row++) {
      rowState = state + (<usize>(row - rowFrom) << 5);
      rowCand = cand + <usize>(row - rowFrom) * <usize>cap * 8;
      const q = qStart + (<usize>row << 2);
      const n = nStart + (<usize>row << 2);
      scanRow(src, qOff, <usize>load<u32>(q), <usize>load<u32>(q, 4), nOff, nCnt, <usize>load<u32>(n), <usize>load<u32>(n, 4), tile, tileEnd);
    }
  }
}

function scanRow(src: usize, qOff: usize, e0: usize, e1: usize, nOff: usize, nCnt: usize, n0: usize, n1: usize, blockFrom: i32, blockTo: i32): void {
  best = load<f32>(rowState, MAX);
  low = best * WINDOW;
  const tokens = <u64>load<u32>(rowState, TOKENS);
  const squares = <u64>load<u32>(rowState, SQUARES);
  // The byte path adds one expanded offset per token; rows of more than 255 tokens have none.
  const expanded = tokens <= 255;
  let k = blockFrom;
  while (k < blockTo) {
    const blk = src + <usize>k * BLOCK_STRIDE;
    if (expanded && k + 4 <= blockTo && dotsFit(tokens, squares, quadCmax(blk), quadSquares(blk), 255)) {
      // Four blocks per pass over the query: one offset load feeds four vector adds.
      let a0 = i8x16.splat(0);
      let a1 = i8x16.splat(0);
      let a2 = i8x16.splat(0);
      let a3 = i8x16.splat(0);
      for (let e = e0; e < e1; e++) {
        const p = blk + <usize>load<u32>(qOff + (e << 2));
        a0 = i8x16.add(a0, v128.load(p));
        a1 = i8x16.add(a1, v128.load(p, BLOCK_STRIDE));
        a2 = i8x16.add(a2, v128.load(p, 2 * BLOCK_STRIDE));
        a3 = i8x16.add(a3, v128.load(p, 3 * BLOCK_STRIDE));
      }
      finishBytes(blk, k, a0);
      finishBytes(blk + BLOCK_STRIDE, k + 1, a1);
      finishBytes(blk + 2 * BLOCK_STRIDE, k + 2, a2);
      finishBytes(blk + 3 * BLOCK_STRIDE, k + 3, a3);
      k += 4;
      continue;
    }
    const cmax = <u64>load<u8>(blk, CMAX);
    const blockSquares = <u64>load<u32>(blk, SQUARES_MAX);
    if (expanded && dotsFit(tokens, squares, cmax, blockSquares, 255)) {
      // Every dot fits a byte: plain byte adds, one per token.
      let acc = i8x16.splat(0);
      for (let e = e0; e < e1; e++) acc = i8x16.add(acc, v128.load(blk + <usize>load<u32>(qOff + (e << 2))));
      finishBytes(blk, k, acc);
    } else if (dotsFit(tokens, squares, cmax, blockSquares, 65535)) {
      blockWords(blk, k, nOff, nCnt, n0, n1);
    } else {
      blockDwords(blk, k, nOff, nCnt, n0, n1);
    }
    k++;
  }
  store<f32>(rowState, best, MAX);
}

/**
 * Whether no lane's dot with this row can exceed `limit`: each dot is at most tokens * the
 * largest count, and (Cauchy-Schwarz) at most sqrt(row squares * the lane's squares). The
 * second is the tight one for prompts: a 39-token row against counts up to 7 fails the first.
 */
@inline
function dotsFit(tokens: u64, squares: u64, cmax: u64, blockSquares: u64, limit: u64): bool {
  return tokens * cmax <= limit || squares * blockSquares <= limit * limit;
}

@inline
function quadSquares(blk: usize): u64 {
  const s0 = load<u32>(blk, SQUARES_MAX);
  const s1 = load<u32>(blk, SQUARES_MAX + BLOCK_STRIDE);
  const s2 = load<u32>(blk, SQUARES_MAX + 2 * BLOCK_STRIDE);
  const s3 = load<u32>(blk, SQUARES_MAX + 3 * BLOCK_STRIDE);
  return <u64>max(max(s0, s1), max(s2, s3));
}

@inline
function quadCmax(blk: usize): u64 {
  const c0 = <u32>load<u8>(blk, CMAX);
  const c1 = <u32>load<u8>(blk, CMAX + BLOCK_STRIDE);
  const c2 = <u32>load<u8>(blk, CMAX + 2 * BLOCK_STRIDE);
  const c3 = <u32>load<u8>(blk, CMAX + 3 * BLOCK_STRIDE);
  return <u64>max(max(c0, c1), max(c2, c3));
}

/** No lane below this dot can reach `low` (the block's scale is a lower bound of sqrt(C)). */
@inline
function needOf(blk: usize): f64 {
  // Kept in f64 until a path has checked its range (a float to int cast would wrap).
  return max(floor(<f64>low * <f64>load<f32>(blk, SCALE)), 1.0);
}

/** The byte path's block: integer bound, then all 16 scores at once, then the lanes left. */
@inline
function finishBytes(blk: usize, k: i32, acc: v128): void {
  const need = needOf(blk);
  if (need > 255.0) return;
  let mask = i8x16.bitmask(i8x16.ge_u(acc, i8x16.splat(<i8><i32>need)));
  if (mask == 0) return;
  const lo = i16x8.extend_low_i8x16_u(acc);
  const hi = i16x8.extend_high_i8x16_u(acc);
  const w = f32x4.splat(low);
  const s0 = f32x4.mul(f32x4.convert_i32x4_u(i32x4.extend_low_i16x8_u(lo)), v128.load(blk, RS));
  const s1 = f32x4.mul(f32x4.convert_i32x4_u(i32x4.extend_high_i16x8_u(lo)), v128.load(blk, RS + 16));
  const s2 = f32x4.mul(f32x4.convert_i32x4_u(i32x4.extend_low_i16x8_u(hi)), v128.load(blk, RS + 32));
  const s3 = f32x4.mul(f32x4.convert_i32x4_u(i32x4.extend_high_i16x8_u(hi)), v128.load(blk, RS + 48));
  mask &=
    i32x4.bitmask(f32x4.ge(s0, w)) |
    (i32x4.bitmask(f32x4.ge(s1, w)) << 4) |
    (i32x4.bitmask(f32x4.ge(s2, w)) << 8) |
    (i32x4.bitmask(f32x4.ge(s3, w)) << 12);
  if (mask == 0) return;
  v128.store(scratchAt, acc);
  lanes(blk, k, mask, 0);
}

/** A block whose dots fit 16 bits: multiply-add in 16-bit lanes. */
function blockWords(blk: usize, k: i32, nOff: usize, nCnt: usize, n0: usize, n1: usize): void {
  const need = needOf(blk);
  if (need > 65535.0) return;
  let lo = i16x8.splat(0);
  let hi = i16x8.splat(0);
  for (let e = n0; e < n1; e++) {
    const v = v128.load(blk + <usize>load<u32>(nOff + (e << 2)));
    const g = i16x8.splat(<i16>load<u32>(nCnt + (e << 2)));
    lo = i16x8.add(lo, i16x8.mul(i16x8.extend_low_i8x16_u(v), g));
    hi = i16x8.add(hi, i16x8.mul(i16x8.extend_high_i8x16_u(v), g));
  }
  const t = i16x8.splat(<i16><i32>need);
  const mask = i16x8.bitmask(i16x8.ge_u(lo, t)) | (i16x8.bitmask(i16x8.ge_u(hi, t)) << 8);
  if (mask == 0) return;
  v128.store(scratchAt, lo);
  v128.store(scratchAt, hi, 16);
  lanes(blk, k, mask, 1);
}

/** Any other block (very long rows): multiply-add in 32-bit lanes. */
function blockDwords(blk: usize, k: i32, nOff: usize, nCnt: usize, n0: usize, n1: usize): void {
  const need = needOf(blk);
  if (need > 4294967295.0) return;
  let a0 = i32x4.splat(0);
  let a1 = i32x4.splat(0);
  let a2 = i32x4.splat(0);
  let a3 = i32x4.splat(0);
  for (let e = n0; e < n1; e++) {
    const v = v128.load(blk + <usize>load<u32>(nOff + (e << 2)));
    const g = i32x4.splat(<i32>load<u32>(nCnt + (e << 2)));
    const lo = i16x8.extend_low_i8x16_u(v);
    const hi = i16x8.extend_high_i8x16_u(v);
    a0 = i32x4.add(a0, i32x4.mul(i32x4.extend_low_i16x8_u(lo), g));
    a1 = i32x4.add(a1, i32x4.mul(i32x4.extend_high_i16x8_u(lo), g));
    a2 = i32x4.add(a2, i32x4.mul(i32x4.extend_low_i16x8_u(hi), g));
    a3 = i32x4.add(a3, i32x4.mul(i32x4.extend_high_i16x8_u(hi), g));
  }
  const t = i32x4.splat(<i32><u32>need);
  const mask =
    i32x4.bitmask(i32x4.ge_u(a0, t)) |
    (i32x4.bitmask(i32x4.ge_u(a1, t)) << 4) |
    (i32x4.bitmask(i32x4.ge_u(a2, t)) << 8) |
    (i32x4.bitmask(i32x4.ge_u(a3, t)) << 12);
  if (mask == 0) return;
  v128.store(scratchAt, a0);
  v128.store(scratchAt, a1, 16);
  v128.store(scratchAt, a2, 32);
  v128.store(scratchAt, a3, 48);
  lanes(blk, k, mask, 2);
}

/** The few lanes that pass, in lane order: score each and keep those inside the window. */
function lanes(blk: usize, k: i32, mask: i32, shift: i32): void {
  while (mask != 0) {
    const lane = ctz(mask);
    mask &= mask - 1;
    const at = scratchAt + (<usize>lane << shift);
    const d: u32 = shift == 0 ? <u32>load<u8>(at) : shift == 1 ? <u32>load<u16>(at) : load<u32>(at);
    const s = <f32>d * load<f32>(blk + RS + (<usize>lane << 2));
    if (s < low) continue;
    if (s > best) {
      best = s;
      low = best * WINDOW;
    }
    keep((k << 4) + lane, s);
  }
}

/** Appends a candidate; when the list is full, drops the ones the window has left behind. */
function keep(j: i32, s: f32): void {
  if (load<u32>(rowState, OVERFLOW) != 0) return;
  let count = <i32>load<u32>(rowState, COUNT);
  if (count == rowCap) {
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const at = rowCand + (<usize>i << 3);
      const si = load<f32>(at, 4);
      if (si >= low) {
        const to = rowCand + (<usize>kept << 3);
        store<u32>(to, load<u32>(at));
        store<f32>(to, si, 4);
        kept++;
      }
    }
    count = kept;
    if (count == rowCap) {
      // More ties than room: the caller rescans this row with the final maximum.
      store<u32>(rowState, 1, OVERFLOW);
      store<u32>(rowState, <u32>count, COUNT);
      return;
    }
  }
  const to = rowCand + (<usize>count << 3);
  store<u32>(to, <u32>j);
  store<f32>(to, s, 4);
  store<u32>(rowState, <u32>(count + 1), COUNT);
}
