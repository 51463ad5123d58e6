/**
 * Bucket counts of one text at a time into reused arrays: the scan embeds millions of prompts,
 * so nothing is allocated per text beyond the tokenizer's words. Same buckets as `hashCounts`.
 *
 * BLAKE2b runs about once per distinct token of a scan: words get small integer ids, a
 * unigram's bucket is kept by word id, and a bigram's in a direct-mapped table keyed by the
 * number id1 * 2^21 + id2 (no "b:w1>w2" string is built unless it must be hashed; a colliding
 * bigram simply replaces the older one). The table starts small (a short scan or a test pays
 * nothing) and doubles while it fills up, to at most 2^20 slots (9 MB); the word ids start over
 * after 2^21 distinct words.
 */
import { Blake2bBatch } from "../blake2b-batch.js";
import { words } from "../tokenize.js";
import { DIM } from "./layout.js";

const MAX_WORDS = 1 << 21;
const MIN_SLOT_BITS = 12;
const MAX_SLOT_BITS = 20;

/** Buckets of tokens, written into `out` in order. */
export type TokenHasher = (tokens: readonly string[], out: Int32Array) => void;

/** BLAKE2b in WebAssembly where available (about 25x faster than @noble/hashes here), batched per text. */
function batchHasher(): TokenHasher {
  const batch = new Blake2bBatch();
  return (tokens, out) => {
    batch.bucketsOf(tokens, DIM, out);
  };
}

/** The slot of bigram (a, b) in a table of 2^bits slots. */
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

  private readonly wordIds = new Map<string, number>();
  private unigram = new Int32Array(1024);
  private slotBits = MIN_SLOT_BITS;
  private bigramKeys = new Float64Array(1 << MIN_SLOT_BITS).fill(-1);
  private bigramBuckets = new Uint8Array(1 << MIN_SLOT_BITS);
  /** Bigrams hashed since the table last grew. */
  private inserted = 0;
  private ids = new Int32Array(256);
  private slots = new Int32Array(512);
  private readonly missing: string[] = [];
  private missingAt = new Int32Array(64);
  private hashed = new Int32Array(64);

  constructor(private readonly hash: TokenHasher = batchHasher()) {}

  embed(text: string): void {
    this.reset();
    const ws = words(text);
    const n = ws.length;
    if (this.wordIds.size + n > MAX_WORDS) this.forget();
    if (this.ids.length < n) this.ids = new Int32Array(n * 2);
    if (this.slots.length < 2 * n) this.slots = new Int32Array(n * 4);
    const { ids, slots, missing } = this;
    missing.length = 0;

    // Look every token up; collect the ones never hashed, with where their bucket goes.
    for (let i = 0; i < n; i++) {
      let id = this.wordIds.get(ws[i]);
      if (id === undefined) {
        id = this.wordIds.size;
        this.wordIds.set(ws[i], id);
        if (id >= this.unigram.length) this.growUnigrams();
        this.unigram[id] = -1;
      }
      ids[i] = id;
      const b = this.unigram[id];
      slots[i] = b;
      if (b < 0 && !this.pendingWord(id)) this.miss("w:" + ws[i], i);
    }
    const { bigramKeys, bigramBuckets } = this;
    for (let i = 1; i < n; i++) {
      const slot = bigramSlot(ids[i - 1], ids[i], this.slotBits);
      if (bigramKeys[slot] === ids[i - 1] * MAX_WORDS + ids[i]) {
        slots[n + i - 1] = bigramBuckets[slot];
      } else {
        slots[n + i - 1] = -1;
        this.miss("b:" + ws[i - 1] + ">" + ws[i], n + i - 1);
      }
    }
    if (missing.length > 0) this.hashMissing(n);

    this.tally(slots, n === 0 ? 0 : 2 * n - 1);
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

  /** A repeated new word in one text is hashed once: its later slots are filled after. */
  private pendingWord(id: number): boolean {
    return this.unigram[id] === -2;
  }

  private miss(token: string, slot: number): void {
    if (this.missing.length === this.missingAt.length) {
      const grown = new Int32Array(this.missingAt.length * 2);
      grown.set(this.missingAt);
      this.missingAt = grown;
    }
    this.missingAt[this.missing.length] = slot;
    this.missing.push(token);
    // Mark a unigram as in flight so a repeat of the word in this text is not hashed twice.
    if (token.charCodeAt(0) === 0x77) this.unigram[this.ids[slot]] = -2;
  }

  private hashMissing(n: number): void {
    const { missing, slots, ids } = this;
    if (this.hashed.length < missing.length) this.hashed = new Int32Array(missing.length * 2);
    this.hash(missing, this.hashed);
    for (let m = 0; m < missing.length; m++) {
      const slot = this.missingAt[m];
      const b = this.hashed[m];
      slots[slot] = b;
      if (slot < n) this.unigram[ids[slot]] = b;
      else {
        const at = bigramSlot(ids[slot - n], ids[slot - n + 1], this.slotBits);
        this.bigramKeys[at] = ids[slot - n] * MAX_WORDS + ids[slot - n + 1];
        this.bigramBuckets[at] = b;
      }
    }
    this.inserted += missing.length;
    if (this.inserted > this.bigramKeys.length && this.slotBits < MAX_SLOT_BITS) this.growBigrams();
    // Repeats of a word first seen in this text.
    for (let i = 0; i < n; i++) if (slots[i] < 0) slots[i] = this.unigram[ids[i]];
  }

  private growUnigrams(): void {
    const grown = new Int32Array(this.unigram.length * 2);
    grown.set(this.unigram);
    this.unigram = grown;
  }

  /** A bigger, empty table: the old entries are simply hashed again when they come back. */
  private growBigrams(): void {
    this.slotBits++;
    this.bigramKeys = new Float64Array(1 << this.slotBits).fill(-1);
    this.bigramBuckets = new Uint8Array(1 << this.slotBits);
    this.inserted = 0;
  }

  private forget(): void {
    this.wordIds.clear();
    this.bigramKeys.fill(-1);
    this.unigram = new Int32Array(1024);
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
