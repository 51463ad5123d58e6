/**
 * The held-out sources in the compact form the kernels read: bucket counts as bytes, 16
 * sources a block (layout.ts), 261 bytes a source. While sources stream in, each is kept as its
 * list of (bucket, count) bytes; sealing puts them in norm order (norm-order.ts) and writes each
 * one once, into its final lane, with its block's header (moving lanes after the fact cost more
 * than embedding a small scan's sources).
 * Sources that cannot help are not stored: a text with no words scores 0.0 and never wins, and
 * a repeat of an earlier vector scores the same as it, so strict `>` keeps the earlier index.
 * A source with a count above 255 does not fit a byte and is kept sparse, scanned exactly.
 * Sealing also keeps each stored source's two norms as Python takes them (16 bytes a source,
 * posted to each worker with the layout), so the exact recomputation of a candidate reads only
 * the buckets of the row.
 */
import type { ByteSpace } from "./byte-space.js";
import type { TextCounts } from "./text-counts.js";
import { BLOCK_STRIDE, CMAX, LANES, RS, SCALE, SQUARES_MAX } from "./layout.js";
import { normOrder, SCALE_SLACK } from "./norm-order.js";
import { powHalf } from "../python/pow-half.js";

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
  /**
   * Each stored source's two norms as Python takes them, by slot: `_normalize`'s divisor sqrt(C)
   * at 2 slot, the normalised vector's length `sum(y * y) ** 0.5` at 2 slot + 1.
   */
  norms: Float64Array;
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
  /** Set by `seal`. */
  private norms!: Float64Array;
  /** Each stored source's sum of squared counts C (exact: at most 256 * 255^2). */
  private squares = new Uint32Array(1024);
  /** Until sealed: stored source `j`'s nonzero buckets and counts, a byte each, at entries[starts[j]..starts[j + 1]). */
  private entries = new Uint8Array(1 << 14);
  private starts = new Uint32Array(1025);
  /** Until sealed: each stored source's hash, and an open-addressing table of stored sources (index + 1) by hash, to find repeats. */
  private hashes = new Int32Array(1024);
  private table = new Int32Array(2048);
  private mask = 2047;
  private sealed = false;

  constructor(
    readonly space: ByteSpace,
    readonly base: number,
  ) {}

  get blocks(): number {
    return Math.ceil(this.stored / LANES);
  }

  /** Adds the embedded text of source number `this.count`. */
  add(embedder: TextCounts): void {
    if (this.sealed) throw new Error("sources cannot be added once the store is sealed");
    const index = this.count++;
    const { counts, nonzero, size, maxCount, vectorHash: hash } = embedder;
    if (size === 0) return;
    if (maxCount > 255) {
      const buckets = Int32Array.from(nonzero.subarray(0, size));
      this.sparse.push({ index, buckets, counts: Float64Array.from(buckets, (b) => counts[b]) });
      return;
    }
    // A repeat of a stored vector is found by its hash and confirmed count by count.
    const { table, mask } = this;
    let slot = (hash ^ (hash >>> 15)) & mask;
    for (let entry = table[slot]; entry !== 0; entry = table[slot]) {
      if (this.hashes[entry - 1] === hash && this.sameCounts(entry - 1, embedder)) return;
      slot = (slot + 1) & mask;
    }
    table[slot] = this.stored + 1;
    this.store(embedder, index, hash);
    if (2 * this.stored > table.length) this.growTable();
  }

  /** Twice the slots, every stored source placed again by its hash. */
  private growTable(): void {
    this.table = new Int32Array(this.table.length * 2);
    this.mask = this.table.length - 1;
    for (let j = 0; j < this.stored; j++) {
      const hash = this.hashes[j];
      let slot = (hash ^ (hash >>> 15)) & this.mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & this.mask;
      this.table[slot] = j + 1;
    }
  }

  private store(embedder: TextCounts, index: number, hash: number): void {
    const size = embedder.size;
    if (this.stored === this.originals.length) this.growSlots();
    let at = this.starts[this.stored];
    if (at + 2 * size > this.entries.length) {
      const grown = new Uint8Array(Math.max(at + 2 * size, this.entries.length * 2));
      grown.set(this.entries.subarray(0, at));
      this.entries = grown;
    }
    const { entries } = this;
    const pairs = embedder.pairs;
    for (let k = 0; k < 2 * size; k++) entries[at++] = pairs[k];
    // At most 256 * 255^2 (counts fit a byte here), so the u32 is exact.
    this.squares[this.stored] = embedder.squares();
    this.hashes[this.stored] = hash;
    this.originals[this.stored++] = index;
    this.starts[this.stored] = at;
  }

  private growSlots(): void {
    const n = this.originals.length * 2;
    const originals = new Int32Array(n);
    originals.set(this.originals);
    this.originals = originals;
    const squares = new Uint32Array(n);
    squares.set(this.squares);
    this.squares = squares;
    const starts = new Uint32Array(n + 1);
    starts.set(this.starts);
    this.starts = starts;
    const hashes = new Int32Array(n);
    hashes.set(this.hashes);
    this.hashes = hashes;
  }

  /** Whether stored source `stored` has exactly the embedder's counts (both list buckets in ascending order). */
  private sameCounts(stored: number, embedder: TextCounts): boolean {
    const from = this.starts[stored];
    const n = 2 * embedder.size;
    if (this.starts[stored + 1] - from !== n) return false;
    const { entries } = this;
    const pairs = embedder.pairs;
    for (let k = 0; k < n; k++) if (entries[from + k] !== pairs[k]) return false;
    return true;
  }

  /** Call after `seal`: what the kernels and the workers read. */
  layout(): SourceLayout {
    return {
      base: this.base,
      blocks: this.blocks,
      norms: this.norms,
      stored: this.stored,
      originals: this.originals.subarray(0, this.stored),
      sparse: this.sparse,
    };
  }

  /**
   * Ends the source list: writes the stored sources into their blocks in norm order (slots mean
   * positions from here on; `originals` keeps each one's index) with every block's header, and
   * drops what was only needed while adding.
   */
  seal(): void {
    if (this.sealed) return;
    this.sealed = true;
    this.hashes = new Int32Array(0);
    this.table = new Int32Array(1);
    this.mask = 0;
    const { stored, entries, starts } = this;
    const order = normOrder(this.squares, stored);
    this.space.ensure(this.base + this.blocks * BLOCK_STRIDE);
    const { u8, u32, f32 } = this.space;
    const norms = (this.norms = new Float64Array(2 * stored));
    const originals = new Int32Array(stored);
    const squares = new Uint32Array(stored);
    for (let first = 0; first < stored; first += LANES) {
      const block = this.base + (first / LANES) * BLOCK_STRIDE;
      let scale = Infinity;
      let cmax = 0;
      let squaresMax = 0;
      for (let d = first; d < Math.min(stored, first + LANES); d++) {
        const from = order[d];
        const lane = d - first;
        const c = this.squares[from];
        // C >= 1 for a stored source, so sqrt(C) is `_normalize`'s divisor as it stands.
        const root = Math.sqrt(c);
        // The normalised vector's squared length, summed in bucket order as Python sums it.
        let sum = 0;
        for (let e = starts[from]; e < starts[from + 1]; e += 2) {
          const count = entries[e + 1];
          u8[block + entries[e] * LANES + lane] = count;
          cmax = Math.max(cmax, count);
          const y = count / root;
          sum += y * y;
        }
        norms[2 * d] = root;
        norms[2 * d + 1] = powHalf(sum);
        f32[(block + RS) / 4 + lane] = Math.fround(1 / root);
        scale = Math.min(scale, Math.fround(root * SCALE_SLACK));
        squaresMax = Math.max(squaresMax, c);
        originals[d] = this.originals[from];
        squares[d] = c;
      }
      // Blocks may lie past 2^31 (the space holds 4 GiB): unsigned shifts, `>>` would go negative.
      f32[(block + SCALE) >>> 2] = scale;
      u8[block + CMAX] = cmax;
      u32[(block + SQUARES_MAX) >>> 2] = squaresMax;
    }
    this.originals = originals;
    this.squares = squares;
    this.entries = new Uint8Array(0);
    this.starts = new Uint32Array(1);
  }
}
