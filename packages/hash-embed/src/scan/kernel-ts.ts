/**
 * The screening kernel in plain TypeScript, for engines without WebAssembly SIMD. It reads the
 * same memory layout and makes the same decisions as assembly/scan.ts (same f32 scores, same
 * window, same candidate lists), so both kernels answer identically by construction. Byte
 * lanes are summed four at a time in 32-bit words: a row on the u8 path cannot carry between
 * bytes because every dot it sums is at most 255.
 */
import { BLOCK_STRIDE, CMAX, LANES, MAX_EXPANDED, RS, SCALE, SQUARES_MAX, STATE_BYTES, STATE_COUNT, STATE_MAX, STATE_OVERFLOW, STATE_SQUARES, STATE_TOKENS, WINDOW } from "./layout.js";
import type { ByteSpace } from "./byte-space.js";
import type { ScanCall, ScreenKernel } from "./kernel.js";

export function tsKernel(space: ByteSpace): ScreenKernel {
  const dots = new Float64Array(LANES);
  return {
    name: "ts",
    scan(call: ScanCall): void {
      const { blockFrom, blockTo, tileBlocks, rowFrom, rowTo } = call;
      for (let tile = blockFrom; tile < blockTo; tile += tileBlocks) {
        const tileEnd = Math.min(tile + tileBlocks, blockTo);
        for (let row = rowFrom; row < rowTo; row++) scanRow(space, call, row, tile, tileEnd, dots);
      }
    },
  };
}

function scanRow(space: ByteSpace, call: ScanCall, row: number, blockFrom: number, blockTo: number, dots: Float64Array): void {
  const { u8, u32, f32 } = space;
  const st = call.state + (row - call.rowFrom) * STATE_BYTES;
  let best = f32[(st + STATE_MAX) >> 2];
  let low = Math.fround(best * WINDOW);
  const tokens = u32[(st + STATE_TOKENS) >> 2];
  const squares = u32[(st + STATE_SQUARES) >> 2];
  const e0 = u32[(call.qStart >> 2) + row];
  const e1 = u32[(call.qStart >> 2) + row + 1];
  const n0 = u32[(call.nStart >> 2) + row];
  const n1 = u32[(call.nStart >> 2) + row + 1];
  const qOff = call.qOff >> 2;
  const nOff = call.nOff >> 2;
  const nCnt = call.nCnt >> 2;

  // Source offsets reach 4 GiB: they are shifted unsigned, as `>>` turns them negative past 2^31.
  for (let k = blockFrom; k < blockTo; k++) {
    const blk = call.src + k * BLOCK_STRIDE;
    const need = Math.max(Math.floor(low * f32[(blk + SCALE) >>> 2]), 1);
    let any = false;
    // Every lane's dot fits a byte (see dotsFit in assembly/scan.ts); a product can only round far above 255^2.
    if (tokens <= MAX_EXPANDED && (tokens * u8[blk + CMAX] <= 255 || squares * u32[(blk + SQUARES_MAX) >>> 2] <= 255 * 255)) {
      if (need > 255) continue;
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      let a3 = 0;
      for (let e = e0; e < e1; e++) {
        const w = (blk + u32[qOff + e]) >>> 2;
        a0 += u32[w];
        a1 += u32[w + 1];
        a2 += u32[w + 2];
        a3 += u32[w + 3];
      }
      if (!(mayReach(a0, need) || mayReach(a1, need) || mayReach(a2, need) || mayReach(a3, need))) continue;
      for (let l = 0; l < 4; l++) {
        dots[l] = (a0 >>> (8 * l)) & 255;
        dots[4 + l] = (a1 >>> (8 * l)) & 255;
        dots[8 + l] = (a2 >>> (8 * l)) & 255;
        dots[12 + l] = (a3 >>> (8 * l)) & 255;
      }
      any = true;
    } else {
      if (need > 4294967295) continue;
      dots.fill(0);
      for (let e = n0; e < n1; e++) {
        const at = blk + u32[nOff + e];
        const g = u32[nCnt + e];
        for (let l = 0; l < LANES; l++) dots[l] += g * u8[at + l];
      }
      for (let l = 0; l < LANES; l++) if (dots[l] >= need) any = true;
    }
    if (!any) continue;

    for (let lane = 0; lane < LANES; lane++) {
      const d = dots[lane];
      if (d < need) continue;
      const s = Math.fround(Math.fround(d) * f32[(blk + RS + lane * 4) >>> 2]);
      if (s < low) continue;
      if (s > best) {
        best = s;
        low = Math.fround(best * WINDOW);
      }
      keep(u32, f32, st, call.cand + (row - call.rowFrom) * call.cap * 8, call.cap, k * LANES + lane, s, low);
    }
  }
  f32[(st + STATE_MAX) >> 2] = best;
}

/** Whether any byte of a word of byte sums is >= need (1 <= need <= 255), without unpacking. */
function mayReach(word: number, need: number): boolean {
  if (need > 128) return (word & 0x80808080) !== 0;
  // Low seven bits plus (128 - need) sets bit 7 exactly when they reach need; no byte carries.
  return ((((word & 0x7f7f7f7f) + (128 - need) * 0x01010101) | word) & 0x80808080) !== 0;
}

/** Appends a candidate; when the list is full, drops the ones the window has left behind. */
function keep(u32: Uint32Array, f32: Float32Array, st: number, rowCand: number, cap: number, j: number, s: number, low: number): void {
  if (u32[(st + STATE_OVERFLOW) >> 2] !== 0) return;
  let count = u32[(st + STATE_COUNT) >> 2];
  if (count === cap) {
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const at = (rowCand + i * 8) >> 2;
      const si = f32[at + 1];
      if (si >= low) {
        const to = (rowCand + kept * 8) >> 2;
        u32[to] = u32[at];
        f32[to + 1] = si;
        kept++;
      }
    }
    count = kept;
    if (count === cap) {
      u32[(st + STATE_OVERFLOW) >> 2] = 1;
      u32[(st + STATE_COUNT) >> 2] = count;
      return;
    }
  }
  const to = (rowCand + count * 8) >> 2;
  u32[to] = j;
  f32[to + 1] = s;
  u32[(st + STATE_COUNT) >> 2] = count + 1;
}
