/**
 * The held-out sources in the compact form the kernels read: bucket counts as bytes, 16
 * sources a block (layout.ts), 261 bytes a source. Built once, appended as sources stream in.
 * Sources that cannot help are not stored: a text with no words scores 0.0 and never wins, and
 * a repeat of an earlier vector scores the same as it, so strict `>` keeps the earlier index.
 * A source with a count above 255 does not fit a byte and is kept sparse, scanned exactly.
 */
import type { ByteSpace } from "./byte-space.js";
import type { CountEmbedder } from "./count-embedder.js";
import { BLOCK_STRIDE, CMAX, DIM, LANES, RS, SCALE, SQUARES_MAX } from "./layout.js";
import { applyNormOrder, normOrder, SCALE_SLACK } from "./norm-order.js";

/** A source too large for a byte per bucket. */
export interface SparseSource {
  index: number;
  buckets: Int32Array;
  counts: Float64Array;
}

/** What a worker needs to read the sources (all plain data, so it can be posted). */
export interface SourceLayout {
  base: number;
  blocks: number;
  stored: number;
  originals: Int32Array;
  sparse: SparseSource[];
}

export class SourceStore {
  /** Sources seen (non-empty texts), stored or not: Python's `n_sources`. */
  count = 0;
  stored = 0;
  readonly sparse: SparseSource[] = [];
  private originals = new Int32Array(1024);
  /** Each stored source's sum of squared counts C (exact: at most 256 * 255^2). */
  private squares = new Uint32Array(1024);
  private readonly fingerprints = new Map<number, number>();

  constructor(
    readonly space: ByteSpace,
    readonly base: number,
  ) {}

  get blocks(): number {
    return Math.ceil(this.stored / LANES);
  }

  /** Adds the embedded text of source number `this.count`. */
  add(embedder: CountEmbedder): void {
    const index = this.count++;
    const { counts, nonzero, size } = embedder;
    if (size === 0) return;
    let cmax = 0;
    for (let k = 0; k < size; k++) cmax = Math.max(cmax, counts[nonzero[k]]);
    if (cmax > 255) {
      const buckets = Int32Array.from(nonzero.subarray(0, size));
      this.sparse.push({ index, buckets, counts: Float64Array.from(buckets, (b) => counts[b]) });
      return;
    }
    const fingerprint = embedder.fingerprint();
    const earlier = this.fingerprints.get(fingerprint);
    if (earlier !== undefined && this.sameCounts(earlier, embedder)) return;
    if (earlier === undefined) this.fingerprints.set(fingerprint, this.stored);
    this.store(embedder, cmax, index);
  }

  private store(embedder: CountEmbedder, cmax: number, index: number): void {
    const lane = this.stored % LANES;
    const block = this.base + Math.floor(this.stored / LANES) * BLOCK_STRIDE;
    if (lane === 0) {
      this.space.ensure(block + BLOCK_STRIDE);
      this.space.f32[(block + SCALE) >> 2] = Infinity;
    }
    const { u8, u32, f32 } = this.space;
    const { counts, nonzero, size } = embedder;
    for (let k = 0; k < size; k++) u8[block + nonzero[k] * LANES + lane] = counts[nonzero[k]];
    // At most 256 * 255^2 (counts fit a byte here), so the u32 is exact.
    const squares = embedder.squares();
    const root = Math.sqrt(squares);
    f32[(block + RS) / 4 + lane] = Math.fround(1 / root);
    f32[(block + SCALE) >> 2] = Math.min(f32[(block + SCALE) >> 2], Math.fround(root * SCALE_SLACK));
    u8[block + CMAX] = Math.max(u8[block + CMAX], cmax);
    u32[(block + SQUARES_MAX) >> 2] = Math.max(u32[(block + SQUARES_MAX) >> 2], squares);
    if (this.stored === this.originals.length) {
      const grown = new Int32Array(this.originals.length * 2);
      grown.set(this.originals);
      this.originals = grown;
      const grownSquares = new Uint32Array(this.squares.length * 2);
      grownSquares.set(this.squares);
      this.squares = grownSquares;
    }
    this.squares[this.stored] = squares;
    this.originals[this.stored++] = index;
  }

  private sameCounts(stored: number, embedder: CountEmbedder): boolean {
    const u8 = this.space.u8;
    const block = this.base + Math.floor(stored / LANES) * BLOCK_STRIDE;
    const lane = stored % LANES;
    let nonzero = 0;
    for (let b = 0; b < DIM; b++) {
      const c = u8[block + b * LANES + lane];
      if (c !== embedder.counts[b]) return false;
      if (c !== 0) nonzero++;
    }
    return nonzero === embedder.size;
  }

  layout(): SourceLayout {
    return { base: this.base, blocks: this.blocks, stored: this.stored, originals: this.originals.subarray(0, this.stored), sparse: this.sparse };
  }

  /**
   * Ends the source list: drops the deduplication index (it is not needed to scan) and puts the
   * stored sources in norm order (norm-order.ts). Slots mean positions from here on.
   */
  seal(): void {
    this.fingerprints.clear();
    applyNormOrder(this.space, this.base, this.stored, normOrder(this.squares, this.stored), this.originals, this.squares);
  }
}
