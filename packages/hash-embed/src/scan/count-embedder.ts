/**
 * The scan's embedder in JS, where the WebAssembly one (wasm-embedder.ts) cannot run, and the
 * base of the tests' chosen-count embedders. Bucket counts of one text at a time into reused
 * arrays: the scan embeds millions of prompts, so little is allocated per text beyond new words
 * and the tokens it hashes. Same buckets as `hashCounts`.
 *
 * BLAKE2b runs about once per distinct token of a scan: words get small integer ids (word-ids.ts),
 * a unigram's bucket is kept by word id, and a bigram's in a direct-mapped table of (id1, id2,
 * bucket) entries (a colliding bigram replaces the older one). The table starts small, so a
 * short scan or a test pays nothing, and doubles while it fills up, to at most 2^20 entries
 * (8 MB); the word ids start over after 2^21 distinct words. Tokens not in the caches are asked
 * for by word ids, one batch per text (word-token-hasher.ts).
 */
import { pyCollapse } from "../python/text.js";
import { copyKeyOf } from "./exact-copies.js";
import { DIM } from "./layout.js";
import type { TextCounts } from "./text-counts.js";
import { WordIds } from "./word-ids.js";
import { wordTokenHasher, type WordTokenHasher } from "./word-token-hasher.js";

const MAX_WORDS = 1 << 21;
const MIN_SLOT_BITS = 12;
const MAX_SLOT_BITS = 20;

/** The entry of bigram (a, b) in a table of 2^bits entries. */
function bigramSlot(a: number, b: number, bits: number): number {
  return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x632be5ab, 0x85ebca77)) >>> (32 - bits);
}

export class CountEmbedder implements TextCounts {
  /** Count per bucket (dense); only the `size` buckets listed in `nonzero` are nonzero. */
  readonly counts = new Uint32Array(DIM);
  /** Nonzero buckets in ascending order (Python sums in index order). */
  readonly nonzero = new Int32Array(DIM);
  size = 0;
  /** Tokens of the text: the sum of its counts. */
  tokens = 0;
  copyKey = 0;
  readonly pairs = new Uint8Array(2 * DIM);
  maxCount = 0;
  vectorHash = 0;

  private words = new WordIds();
  /** Words handed to the hasher so far (ids below this). */
  private known = 0;
  /** Bucket of each word id's unigram; -1 not hashed yet, -2 being hashed for this text. */
  private unigram = new Int32Array(1024).fill(-1);
  private slotBits = MIN_SLOT_BITS;
  /** Two int32 a bigram: id1 + 1 (0 = empty), then id2 | bucket << 21. */
  private bigrams = new Int32Array(2 << MIN_SLOT_BITS);
  /** Bigrams hashed since the table last grew. */
  private inserted = 0;
  private slots = new Int32Array(512);
  /** Tokens to hash for this text: word-id pairs (word-token-hasher.ts), and where each bucket goes. */
  private requests = new Int32Array(128);
  private missing = 0;
  private missingAt = new Int32Array(64);
  private hashed = new Int32Array(64);
  /** Buckets seen in this text, a bit each, to list them in order without sorting. */
  private readonly seen = new Int32Array(DIM / 32);

  constructor(private readonly hasher: WordTokenHasher = wordTokenHasher()) {}

  embed(text: string): void {
    this.reset();
    this.copyKey = copyKeyOf(pyCollapse(text));
    if (this.words.size > MAX_WORDS) this.forget();
    const words = this.words;
    words.read(text);
    for (let id = this.known; id < words.size; id++) this.hasher.addWord(id, words.words[id]);
    this.known = words.size;
    const { ids, count: n } = words;
    if (this.unigram.length < words.size) this.growUnigrams(words.size);
    if (this.slots.length < 2 * n) this.slots = new Int32Array(n * 4);
    const { slots, unigram, bigrams, slotBits } = this;
    this.missing = 0;

    // Look every token up; collect the ones never hashed, with where their bucket goes.
    for (let i = 0; i < n; i++) {
      const b = unigram[ids[i]];
      slots[i] = b;
      if (b === -1) {
        unigram[ids[i]] = -2;
        this.miss(-1, ids[i], i);
      }
    }
    for (let i = 1; i < n; i++) {
      const at = bigramSlot(ids[i - 1], ids[i], slotBits) * 2;
      const tail = bigrams[at + 1];
      if (bigrams[at] === ids[i - 1] + 1 && (tail & 0x1fffff) === ids[i]) {
        slots[n + i - 1] = tail >>> 21;
      } else {
        slots[n + i - 1] = -1;
        this.miss(ids[i - 1], ids[i], n + i - 1);
      }
    }
    if (this.missing > 0) this.hashMissing(n);
    this.tally(slots, n === 0 ? 0 : 2 * n - 1);
  }

  /** Queues token (first, second) for hashing; first is -1 for the unigram of word `second`. */
  private miss(first: number, second: number, slot: number): void {
    const m = this.missing++;
    if (m === this.missingAt.length) {
      const grownAt = new Int32Array(m * 2);
      grownAt.set(this.missingAt);
      this.missingAt = grownAt;
      const grownRequests = new Int32Array(m * 4);
      grownRequests.set(this.requests);
      this.requests = grownRequests;
    }
    this.missingAt[m] = slot;
    this.requests[2 * m] = first;
    this.requests[2 * m + 1] = second;
  }

  private hashMissing(n: number): void {
    const { missing, slots, unigram, bigrams, slotBits } = this;
    const ids = this.words.ids;
    if (this.hashed.length < missing) this.hashed = new Int32Array(missing * 2);
    this.hasher.buckets(this.requests, missing, this.hashed);
    for (let m = 0; m < missing; m++) {
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
    this.inserted += missing;
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
    this.hasher.clear();
    this.known = 0;
    this.unigram = new Int32Array(1024).fill(-1);
    this.bigrams.fill(0);
  }

  /** Sets the counts from a list of token buckets (a bucket once per token). */
  protected tally(buckets: ArrayLike<number>, tokens: number): void {
    const { counts, nonzero, seen } = this;
    for (let t = 0; t < tokens; t++) {
      const b = buckets[t];
      counts[b]++;
      seen[b >> 5] |= 1 << (b & 31);
    }
    // The set bits, lowest first: the nonzero buckets in ascending order.
    const pairs = this.pairs;
    let size = 0;
    let maxCount = 0;
    let hash = 0x811c9dc5 | 0;
    for (let w = 0; w < seen.length; w++) {
      let bits = seen[w];
      seen[w] = 0;
      while (bits !== 0) {
        const low = bits & -bits;
        const b = (w << 5) | (31 - Math.clz32(low));
        const c = counts[b];
        nonzero[size] = b;
        pairs[2 * size] = b;
        pairs[2 * size + 1] = c;
        size++;
        if (c > maxCount) maxCount = c;
        hash = Math.imul(hash ^ ((b << 20) ^ c), 0x01000193);
        bits ^= low;
      }
    }
    this.size = size;
    this.maxCount = maxCount;
    this.vectorHash = hash;
    this.tokens = tokens;
  }

  /** Clears the previous text's counts. */
  protected reset(): void {
    for (let k = 0; k < this.size; k++) this.counts[this.nonzero[k]] = 0;
    this.size = 0;
    this.tokens = 0;
    this.maxCount = 0;
    this.vectorHash = 0x811c9dc5 | 0;
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
}
