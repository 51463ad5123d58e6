/**
 * For each generated prompt, its nearest source exactly as Python's scan finds it: the best
 * cosine (strict `>` from 0.0, so ties keep the lowest index and a zero similarity never wins)
 * and that source's index, -1 for none. The kernel screens every source in f32 and keeps those
 * within 2^-16 of the row's best screen score; only those are recomputed the Python way.
 *
 * Why that is exact: the screen score of a source is within 2e-7 (relative) of
 * dot / sqrt(C), and Python's value within 1e-13 of the true cosine, so the source Python
 * picks (and every source tying it) has a screen score within 5e-7 of the best screen score,
 * far inside the 1.5e-5 window (docs/leakage-scan-design.md).
 */
import type { TextCounts } from "./text-counts.js";
import { embedRows, NO_WORDS, type EmbeddedRows } from "./embedded-rows.js";
import { ExactQuery } from "./python-cosine.js";
import type { ByteSpace } from "./byte-space.js";
import type { ScanCall, ScreenKernel } from "./kernel.js";
import type { SourceLayout } from "./source-store.js";
import {
  BATCH_ROWS,
  BLOCK_STRIDE,
  CANDIDATES,
  LANES,
  MAX_EXPANDED,
  RESCAN_BLOCKS,
  RESCAN_CAPACITY,
  STATE_COUNT,
  STATE_MAX,
  STATE_BYTES,
  STATE_OVERFLOW,
  STATE_SQUARES,
  STATE_TOKENS,
  TILE_BLOCKS,
  WINDOW,
  WORK,
} from "./layout.js";

/** The nearest source of text i: `best[i]` (its cosine) and `source[i]` (its index, -1 for none). */
export interface NearestSink {
  best: Float64Array;
  source: Int32Array;
}

export class NearestFinder {
  private readonly queries = Array.from({ length: BATCH_ROWS }, () => new ExactQuery());
  private readonly rowsOf = new Int32Array(BATCH_ROWS);
  private readonly call: ScanCall;

  constructor(
    private readonly space: ByteSpace,
    private readonly work: number,
    private readonly sources: SourceLayout,
    private readonly kernel: ScreenKernel,
    private readonly embedder: TextCounts,
  ) {
    this.call = {
      src: sources.base,
      qStart: work + WORK.qStart,
      qOff: work + WORK.qOff,
      nStart: work + WORK.nStart,
      nOff: work + WORK.nOff,
      nCnt: work + WORK.nCnt,
      state: work + WORK.state,
      cand: work + WORK.cand,
      cap: CANDIDATES,
      rowFrom: 0,
      rowTo: 0,
      blockFrom: 0,
      blockTo: sources.blocks,
      tileBlocks: TILE_BLOCKS,
      scratch: work + WORK.scratch,
    };
  }

  /** Fills `out` for `texts`; a text repeated in the list is scanned once. */
  find(texts: readonly string[], out: NearestSink): void {
    this.scan(embedRows(this.embedder, texts), out);
  }

  /** Fills `out` for the texts of a chunk embedded beforehand (embedded-rows.ts). */
  scan(chunk: EmbeddedRows, out: NearestSink): void {
    const { rowOf } = chunk;
    let rows = 0;
    for (let i = 0; i < rowOf.length; i++) {
      const r = rowOf[i];
      if (r >= 0) {
        this.load(rows, chunk, r);
        this.rowsOf[rows++] = i;
        if (rows === BATCH_ROWS) {
          this.run(rows, out);
          rows = 0;
        }
      } else if (r === NO_WORDS) {
        out.best[i] = 0.0;
        out.source[i] = -1;
      }
    }
    if (rows > 0) this.run(rows, out);
    // Repeats come after their first text, which is answered by now.
    for (let i = 0; i < rowOf.length; i++) {
      const r = rowOf[i];
      if (r < NO_WORDS) {
        out.best[i] = out.best[-2 - r];
        out.source[i] = out.source[-2 - r];
      }
    }
  }

  /** Puts row `r` of `chunk` into batch row `row`. */
  private load(row: number, chunk: EmbeddedRows, r: number): void {
    this.queries[row].set(chunk, r);
    const { u32, f32 } = this.space;
    const c = this.call;
    const { buckets, counts } = chunk;
    const from = chunk.starts[r];
    const size = chunk.starts[r + 1] - from;
    const tokens = chunk.tokens[r];
    const q0 = u32[(c.qStart >> 2) + row];
    const n0 = u32[(c.nStart >> 2) + row];
    let q = q0;
    for (let k = 0; k < size; k++) {
      const b = buckets[from + k];
      const g = counts[from + k];
      u32[(c.nOff >> 2) + n0 + k] = b * LANES;
      u32[(c.nCnt >> 2) + n0 + k] = g;
      // The byte-add path needs one offset per token; it only runs for rows of <= 255 tokens.
      if (tokens <= MAX_EXPANDED) for (let t = 0; t < g; t++) u32[(c.qOff >> 2) + q++] = b * LANES;
    }
    u32[(c.qStart >> 2) + row + 1] = q;
    u32[(c.nStart >> 2) + row + 1] = n0 + size;
    const st = (c.state + row * STATE_BYTES) >> 2;
    f32[st + STATE_MAX / 4] = 0;
    u32[st + STATE_COUNT / 4] = 0;
    u32[st + STATE_OVERFLOW / 4] = 0;
    // The kernel bounds dots by tokens * max count and by Cauchy-Schwarz; saturating either
    // only loosens its bound (huge rows take the i32 path).
    u32[st + STATE_TOKENS / 4] = Math.min(tokens, 0xffffffff);
    u32[st + STATE_SQUARES / 4] = Math.min(chunk.squares[r], 0xffffffff);
  }

  private run(rows: number, out: NearestSink): void {
    const c = this.call;
    this.space.u32[c.qStart >> 2] = 0;
    this.space.u32[c.nStart >> 2] = 0;
    c.rowFrom = 0;
    c.rowTo = rows;
    this.kernel.scan(c);
    for (let row = 0; row < rows; row++) {
      const [best, source] = this.resolve(row);
      out.best[this.rowsOf[row]] = best;
      out.source[this.rowsOf[row]] = source;
    }
  }

  /** The exact best of one screened row: its candidates, then the sparse sources. */
  private resolve(row: number): [number, number] {
    const { u8, u32, f32 } = this.space;
    const c = this.call;
    const st = (c.state + row * STATE_BYTES) >> 2;
    const top = f32[st + STATE_MAX / 4];
    const query = this.queries[row];
    let best = 0.0;
    let bestJ = -1;
    const { originals, base, norms } = this.sources;
    // Slots are in norm order, not index order (norm-order.ts): a tie goes to the lower index,
    // as Python's strict > over sources in index order gives it.
    const consider = (stored: number) => {
      const sim = query.cosineWithStored(u8, base + Math.floor(stored / LANES) * BLOCK_STRIDE, stored % LANES, norms, 2 * stored);
      if (sim > best || (sim === best && sim > 0 && originals[stored] < originals[bestJ])) {
        best = sim;
        bestJ = stored;
      }
    };
    if (top > 0) {
      const low = Math.fround(top * WINDOW);
      if (u32[st + STATE_OVERFLOW / 4] === 0) {
        this.forCandidates(c.cand + row * CANDIDATES * 8, u32[st + STATE_COUNT / 4], low, consider);
      } else {
        this.rescan(row, top, low, consider);
      }
    }
    let bestIndex = bestJ < 0 ? -1 : originals[bestJ];
    for (const s of this.sources.sparse) {
      const sim = query.cosineWithSparse(s.buckets, s.counts);
      if (sim > best || (sim === best && sim > 0 && s.index < bestIndex)) {
        best = sim;
        bestIndex = s.index;
      }
    }
    return [best, bestIndex];
  }

  private forCandidates(at: number, count: number, low: number, visit: (stored: number) => void): void {
    const { u32, f32 } = this.space;
    for (let i = 0; i < count; i++) {
      if (f32[((at + i * 8) >> 2) + 1] >= low) visit(u32[(at + i * 8) >> 2]);
    }
  }

  /** More ties than the candidate list held: screen the row again knowing its final maximum. */
  private rescan(row: number, top: number, low: number, visit: (stored: number) => void): void {
    const c = this.call;
    const { u32, f32 } = this.space;
    const rescan: ScanCall = { ...c, state: this.work + WORK.rescanState, cand: this.work + WORK.rescanCand, cap: RESCAN_CAPACITY, rowFrom: row, rowTo: row + 1 };
    const tokens = u32[((c.state + row * STATE_BYTES) >> 2) + STATE_TOKENS / 4];
    const squares = u32[((c.state + row * STATE_BYTES) >> 2) + STATE_SQUARES / 4];
    for (let from = 0; from < this.sources.blocks; from += RESCAN_BLOCKS) {
      const st = rescan.state >> 2;
      f32[st + STATE_MAX / 4] = top;
      u32[st + STATE_COUNT / 4] = 0;
      u32[st + STATE_OVERFLOW / 4] = 0;
      u32[st + STATE_TOKENS / 4] = tokens;
      u32[st + STATE_SQUARES / 4] = squares;
      rescan.blockFrom = from;
      rescan.blockTo = Math.min(from + RESCAN_BLOCKS, this.sources.blocks);
      this.kernel.scan(rescan);
      this.forCandidates(rescan.cand, u32[st + STATE_COUNT / 4], low, visit);
    }
  }
}
