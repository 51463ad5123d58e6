/**
 * Bucket counts of one text at a time into reused arrays: the scan embeds millions of prompts,
 * so nothing is allocated per text beyond new words. Same buckets as `hashCounts`.
 *
 * BLAKE2b runs about once per distinct token of a scan: words get small integer ids (word-ids.ts),
 * a unigram's bucket is kept by word id, and a bigram's in a direct-mapped table of (id1, id2,
 * bucket) entries (no "b:w1>w2" string is built unless it must be hashed; a colliding bigram
 * replaces the older one). The table starts small, so a short scan or a test pays nothing, and
 * doubles while it fills up, to at most 2^20 entries (8 MB); the word ids start over after
 * 2^21 distinct words. Tokens not in the caches are hashed together, one batch per text.
 */
import { Blake2bBatch } from "../blake2b-batch.js";
import { DIM } from "./layout.js";
import { WordIds } from "./word-ids.js";

const MAX_WORDS = 1 << 21;
const MIN_SLOT_BITS = 12;
const MAX_SLOT_BITS = 20;

/** Buckets of tokens, written into `out` in order. */
export type TokenHasher = (tokens: readonly string[], out: Int32Array) => void;

/** BLAKE2b in WebAssembly where available (about 25x faster than @noble/hashes here). */
function batchHasher(): TokenHasher {
  const batch = new Blake2bBatch();
  return (tokens, out) => {
    batch.bucketsOf(tokens, DIM, out);
  };
}

/** The entry of bigram (a, b) in a table of 2^bits entries. */
function bigramSlot(a: number, b: number, bits: number): number {
  return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x632be5ab, 0x85ebca77)) >>> (32 - bits);
}

export class CountEmbedder {
  /** Count per bucket (dense); only the `size` buckets listed in `nonzero` are nonzero. */
  readonly counts = new Uint32Array(DIM);
  /** Nonzero buckets in ascending order (Python sums in index order). */
  readonly nonzero = new Int32Array(DIM);
  size = 0;
  /** Tokens of the text: the sum of its counts. */
  tokens = 0;

  private words = new WordIds();
  /** Bucket of each word id's unigram; -1 not hashed yet, -2 being hashed for this text. */
  private unigram = new Int32Array(1024).fill(-1);
  private slotBits = MIN_SLOT_BITS;
  /** Two int32 a bigram: id1 + 1 (0 = empty), then id2 | bucket << 21. */
  private bigrams = new Int32Array(2 << MIN_SLOT_BITS);
  /** Bigrams hashed since the table last grew. */
  private inserted = 0;
  private slots = new Int32Array(512);
  private readonly missing: string[] = [];
  private missingAt = new Int32Array(64);
  private hashed = new Int32Array(64);

  constructor(private readonly hash: TokenHasher = batchHasher()) {}

  embed(text: string): void {
    this.reset();
    if (this.words.size > MAX_WORDS) this.forget();
    const words = this.words;
    words.read(text);
    const { ids, count: n } = words;
    if (this.unigram.length < words.size) this.growUnigrams(words.size);
    if (this.slots.length < 2 * n) this.slots = new Int32Array(n * 4);
    const { slots, missing, unigram, bigrams, slotBits } = this;
    missing.length = 0;

    // Look every token up; collect the ones never hashed, with where their bucket goes.
    for (let i = 0; i < n; i++) {
      const b = unigram[ids[i]];
      slots[i] = b;
      if (b === -1) {
        unigram[ids[i]] = -2;
        this.miss("w:" + words.words[ids[i]], i);
      }
    }
    for (let i = 1; i < n; i++) {
      const at = bigramSlot(ids[i - 1], ids[i], slotBits) * 2;
      const tail = bigrams[at + 1];
      if (bigrams[at] === ids[i - 1] + 1 && (tail & 0x1fffff) === ids[i]) {
        slots[n + i - 1] = tail >>> 21;
      } else {
        slots[n + i - 1] = -1;
        this.miss("b:" + words.words[ids[i - 1]] + ">" + words.words[ids[i]], n + i - 1);
      }
    }
    if (missing.length > 0) this.hashMissing(n);
    this.tally(slots, n === 0 ? 0 : 2 * n - 1);
  }

  private miss(token: string, slot: number): void {
    if (this.missing.length === this.missingAt.length) {
      const grown = new Int32Array(this.missingAt.length * 2);
      grown.set(this.missingAt);
      this.missingAt = grown;
    }
    this.missingAt[this.missing.length] = slot;
    this.missing.push(token);
  }

  private hashMissing(n: number): void {
    const { missing, slots, unigram, bigrams, slotBits } = this;
    const ids = this.words.ids;
    if (this.hashed.length < missing.length) this.hashed = new Int32Array(missing.length * 2);
    this.hash(missing, this.hashed);
    for (let m = 0; m < missing.length; m++) {
      const slot = this.missingAt[m];
      const b = this.hashed[m];
      slots[slot] = b;
      if (slot < n) {
        unigram[ids[slot]] = b;
      } else {
        const i = slot - n + 1;
        const at = bigramSlot(ids[i - 1], ids[i], slotBits) * 2;
        bigrams[at] = ids[i - 1] + 1;
        bigrams[at + 1] = ids[i] | (b << 21);
      }
    }
    // Repeats of a word first seen in this text.
    for (let i = 0; i < n; i++) if (slots[i] < 0) slots[i] = unigram[ids[i]];
    this.inserted += missing.length;
    if (this.inserted > this.bigrams.length / 2 && this.slotBits < MAX_SLOT_BITS) this.growBigrams();
  }

  private growUnigrams(size: number): void {
    const grown = new Int32Array(Math.max(size, this.unigram.length * 2)).fill(-1);
    grown.set(this.unigram);
    this.unigram = grown;
  }

  /** A bigger, empty table: the old entries are simply hashed again when they come back. */
  private growBigrams(): void {
    this.slotBits++;
    this.bigrams = new Int32Array(2 << this.slotBits);
    this.inserted = 0;
  }

  private forget(): void {
    this.words = new WordIds();
    this.unigram = new Int32Array(1024).fill(-1);
    this.bigrams.fill(0);
  }

  /** Sets the counts from a list of token buckets (a bucket once per token). */
  protected tally(buckets: ArrayLike<number>, tokens: number): void {
    const { counts, nonzero } = this;
    let size = 0;
    for (let t = 0; t < tokens; t++) {
      const b = buckets[t];
      if (counts[b]++ === 0) nonzero[size++] = b;
    }
    this.size = size;
    this.tokens = tokens;
    nonzero.subarray(0, size).sort();
  }

  /** Clears the previous text's counts. */
  protected reset(): void {
    for (let k = 0; k < this.size; k++) this.counts[this.nonzero[k]] = 0;
    this.size = 0;
    this.tokens = 0;
  }

  /** Sum of squared counts: exact below 2^53 (a text would need ~10^8 tokens to exceed it). */
  squares(): number {
    let s = 0;
    for (let k = 0; k < this.size; k++) {
      const c = this.counts[this.nonzero[k]];
      s += c * c;
    }
    return s;
  }

  /** A 52-bit fingerprint of the counts, for spotting repeated vectors. */
  fingerprint(): number {
    let h1 = 0x811c9dc5;
    let h2 = 0x9e3779b9;
    for (let k = 0; k < this.size; k++) {
      const b = this.nonzero[k];
      const x = (b << 20) ^ this.counts[b];
      h1 = Math.imul(h1 ^ x, 0x01000193);
      h2 = Math.imul(h2 ^ x, 0x85ebca6b) ^ (h2 >>> 13);
    }
    return (h1 >>> 0) * 0x100000 + (h2 >>> 12);
  }
}
