// The leakage scan's embedder in one WebAssembly call per text (src/scan/wasm-embedder.ts): the
// same counts as src/scan/count-embedder.ts, which stays the fallback. The caller writes an ASCII
// text at prepare()'s address and calls embed(); the words are read, given ids, hashed when new,
// and counted here, so the only JS work per text is writing its bytes.
//
// Caches, as in the JS embedder: a word table (open addressing by an FNV hash of the lowercased
// letters), each word id's unigram bucket, and a direct-mapped table of bigram buckets that
// starts at 2^12 entries and doubles while it fills, to 2^20 (a colliding bigram replaces the
// older one). Everything lives in memory taken by a bump allocator from heapBase; a structure
// that outgrows its place moves to the top, and the whole heap starts over once 2^21 distinct
// words have been seen.

import { heapBase, wordTokenDigest } from "./blake2b-core";

// The scan's layout is built for 256 buckets: a bucket is the digest's last byte.
const DIM: i32 = 256;
const MAX_WORDS: i32 = 1 << 21;
const MIN_SLOT_BITS: i32 = 12;
const MAX_SLOT_BITS: i32 = 20;
const FNV_OFFSET: u32 = 0x811c9dc5;
const FNV_PRIME: u32 = 0x01000193;

// The last text's counts: count per bucket, the nonzero buckets in ascending order, and one bit
// per bucket seen while counting.
const COUNTS = memory.data(DIM * 4, 16);
const NONZERO = memory.data(DIM * 4, 16);
// The same list as (bucket, count) byte pairs, the source store's form (a count above 255 wraps;
// the store keeps such a text another way).
const PAIRS = memory.data(DIM * 2, 16);
const SEEN = memory.data(DIM / 8, 16);

let top: usize = 0;
let text: usize = 0;
let textCap: usize = 0;
// Word `id`: its bytes' address and length at words + 8 id (the layout wordTokenDigest reads),
// its FNV hash at hashes + 4 id, its unigram bucket (-1 until hashed) at unigrams + 4 id.
let words: usize = 0;
let hashes: usize = 0;
let unigrams: usize = 0;
let wordCap: i32 = 0;
let wordCount: i32 = 0;
// Word table: id + 1 per slot, 0 empty.
let slots: usize = 0;
let slotMask: u32 = 0;
// Bigram table: two i32 an entry, id1 + 1 (0 empty), then id2 | bucket << 21.
let bigrams: usize = 0;
let bigramBits: i32 = 0;
let bigramsUsed: i32 = 0;
// The word ids of the text being embedded.
let ids: usize = 0;
let idsCap: i32 = 0;
// Keeps the loads of embed()'s first loop from being optimised away.
let touch: i32 = 0;
// Where a token is assembled: room for the longest bigram, and a whole block at least.
let scratch: usize = 0;
let scratchCap: usize = 0;
// The word id of "<num>", which every digit run is.
let numId: i32 = 0;

let size: i32 = 0;
// The last text's results beside its counts, read by the caller in one go: its copy key (u32),
// token count (i32), sum of squared counts (f64), FNV-1a of its (bucket, count) list (u32) and
// largest count (u32).
const RESULT = memory.data(24, 8);

/** Where the counts are (u32 per bucket) and the nonzero buckets (i32 each, `size` of them). */
export function countsAddress(): usize {
  return COUNTS;
}

export function nonzeroAddress(): usize {
  return NONZERO;
}

export function pairsAddress(): usize {
  return PAIRS;
}

/** Where embed() leaves the copy key, token count, sum of squared counts, vector hash and largest count. */
export function resultAddress(): usize {
  return RESULT;
}

/** Forgets every word and bucket and the last text's counts: the heap starts over. */
export function clear(): void {
  memory.fill(COUNTS, 0, DIM * 4);
  memory.fill(SEEN, 0, DIM / 8);
  size = 0;
  top = heapBase();
  textCap = 0;
  wordCap = 0;
  wordCount = 0;
  scratchCap = 0;
  growWords(1024);
  slots = alloc(4 << 12);
  slotMask = (1 << 12) - 1;
  bigramBits = MIN_SLOT_BITS;
  bigrams = alloc(8 << MIN_SLOT_BITS);
  bigramsUsed = 0;
  idsCap = 0;
  growIds(64);
  growScratch(256);
  // "<num>"
  const at = alloc(5);
  store<u32>(at, 0x6d756e3c);
  store<u8>(at, 0x3e, 4);
  numId = addWord(at, 5, hashBytes(at, 5));
}

/** The address where the caller writes a text of up to `bytes` bytes. */
export function prepare(bytes: usize): usize {
  if (top === 0 || wordCount > MAX_WORDS) clear();
  if (bytes > textCap) {
    textCap = max(bytes, textCap * 2);
    text = alloc(textCap);
  }
  return text;
}

/**
 * Counts the tokens of the `len` bytes at prepare()'s address, which must be ASCII (the caller
 * turns any other text into its words first); returns how many buckets are nonzero.
 */
export function embed(len: usize): i32 {
  for (let k = 0; k < size; k++) store<u32>(COUNTS + (<usize>load<i32>(NONZERO + (<usize>k << 2)) << 2), 0);
  const n = readWords(len);
  // Every bigram's entry is loaded first, in a loop of independent loads the CPU overlaps: the
  // table is megabytes, and the loop below would wait for each entry in turn.
  let touched: i32 = 0;
  for (let i = 1; i < n; i++) touched ^= load<i32>(bigramEntry(load<i32>(ids + (<usize>(i - 1) << 2)), load<i32>(ids + (<usize>i << 2))));
  touch = touched;
  let previous = -1;
  for (let i = 0; i < n; i++) {
    const id = load<i32>(ids + (<usize>i << 2));
    count(unigramBucket(id));
    if (previous >= 0) count(bigramBucket(previous, id));
    previous = id;
  }
  store<i32>(RESULT, n === 0 ? 0 : 2 * n - 1, 4);
  store<u32>(RESULT, copyKey(len));
  return listNonzero();
}

/**
 * The text's copy key (src/scan/exact-copies.ts): FNV-1a over Python's `" ".join(text.lower().split())`,
 * computed without building it. For ASCII, split() splits at \t\n\v\f\r, \x1c-\x1f and space,
 * and lower() changes A-Z only.
 */
function copyKey(len: usize): u32 {
  let h = FNV_OFFSET;
  let started = false;
  let space = false;
  for (let p = text, end = text + len; p < end; p++) {
    const c = <u32>load<u8>(p);
    if (c === 0x20 || c - 0x09 < 5 || c - 0x1c < 4) {
      space = started;
      continue;
    }
    if (space) {
      h = (h ^ 0x20) * FNV_PRIME;
      space = false;
    }
    h = (h ^ (c - 0x41 < 26 ? c | 0x20 : c)) * FNV_PRIME;
    started = true;
  }
  return h;
}

/** The words of the `len` bytes at `text` into `ids`; returns how many. */
function readWords(len: usize): i32 {
  let n = 0;
  let p = text;
  const end = text + len;
  while (p < end) {
    let c = <u32>load<u8>(p);
    let id: i32;
    if (isLetter(c)) {
      const start = p;
      let h = FNV_OFFSET;
      do {
        h = (h ^ (c | 0x20)) * FNV_PRIME;
        p++;
        c = p < end ? <u32>load<u8>(p) : 0;
      } while (isLetter(c));
      id = wordId(start, p - start, h);
    } else if (c - 0x30 < 10) {
      do {
        p++;
        c = p < end ? <u32>load<u8>(p) : 0;
      } while (c - 0x30 < 10);
      id = numId;
    } else {
      p++;
      continue;
    }
    if (n === idsCap) growIds(n * 2);
    store<i32>(ids + (<usize>n << 2), id);
    n++;
  }
  return n;
}

function growIds(cap: i32): void {
  const grown = alloc(<usize>cap << 2);
  memory.copy(grown, ids, <usize>idsCap << 2);
  ids = grown;
  idsCap = cap;
}

@inline
function isLetter(c: u32): bool {
  return (c | 0x20) - 0x61 < 26;
}

@inline
function count(bucket: i32): void {
  const at = COUNTS + (<usize>bucket << 2);
  store<u32>(at, load<u32>(at) + 1);
  const word = SEEN + (<usize>(bucket >> 5) << 2);
  store<u32>(word, load<u32>(word) | (1 << (bucket & 31)));
}

/** Lists the seen buckets in ascending order (clearing their bits), as pairs too, with their sum of squares, hash and largest count. */
function listNonzero(): i32 {
  let k = 0;
  let sum: u64 = 0;
  let hash = FNV_OFFSET;
  let largest: u32 = 0;
  for (let w = 0; w < DIM / 32; w++) {
    const at = SEEN + (<usize>w << 2);
    let bits = load<u32>(at);
    store<u32>(at, 0);
    while (bits !== 0) {
      const bucket = (w << 5) | <i32>ctz(bits);
      bits &= bits - 1;
      const c = load<u32>(COUNTS + (<usize>bucket << 2));
      store<i32>(NONZERO + (<usize>k << 2), bucket);
      store<u8>(PAIRS + (<usize>k << 1), <u8>bucket);
      store<u8>(PAIRS + (<usize>k << 1), <u8>c, 1);
      k++;
      sum += <u64>c * c;
      hash = (hash ^ ((<u32>bucket << 20) ^ c)) * FNV_PRIME;
      largest = max(largest, c);
    }
  }
  size = k;
  store<f64>(RESULT, <f64>sum, 8);
  store<u32>(RESULT, hash, 16);
  store<u32>(RESULT, largest, 20);
  return k;
}

function unigramBucket(id: i32): i32 {
  const at = unigrams + (<usize>id << 2);
  let bucket = load<i32>(at);
  if (bucket < 0) {
    bucket = tokenBucket(-1, id);
    store<i32>(at, bucket);
  }
  return bucket;
}

@inline
function bigramEntry(first: i32, second: i32): usize {
  const slot = ((<u32>first * 0x9e3779b1) ^ (<u32>(second + 0x632be5ab) * 0x85ebca77)) >> (32 - bigramBits);
  return bigrams + (<usize>slot << 3);
}

function bigramBucket(first: i32, second: i32): i32 {
  const at = bigramEntry(first, second);
  const tail = load<i32>(at, 4);
  if (load<i32>(at) === first + 1 && (tail & 0x1fffff) === second) return tail >>> 21;
  const bucket = tokenBucket(first, second);
  if (load<i32>(at) === 0) bigramsUsed++;
  store<i32>(at, first + 1);
  store<i32>(at, second | (bucket << 21), 4);
  if (bigramsUsed > 1 << (bigramBits - 1) && bigramBits < MAX_SLOT_BITS) growBigrams();
  return bucket;
}

/** Twice the entries once half are used, the old ones placed again. */
function growBigrams(): void {
  const old = bigrams;
  const oldEntries = 1 << bigramBits;
  bigramBits++;
  bigrams = alloc(8 << bigramBits);
  bigramsUsed = 0;
  for (let k = 0; k < oldEntries; k++) {
    const from = old + (<usize>k << 3);
    const first = load<i32>(from) - 1;
    if (first < 0) continue;
    const tail = load<i32>(from, 4);
    const at = bigramEntry(first, tail & 0x1fffff);
    if (load<i32>(at) === 0) bigramsUsed++;
    store<i32>(at, first + 1);
    store<i32>(at, tail, 4);
  }
}

@inline
function tokenBucket(first: i32, second: i32): i32 {
  return <i32>(wordTokenDigest(words, first, <usize>second, scratch) >>> 56) & (DIM - 1);
}

/** The id of the `n` letters at `start` (any case), hashed as `h`, adding the word when new. */
function wordId(start: usize, n: usize, h: u32): i32 {
  for (let slot = h & slotMask; ; slot = (slot + 1) & slotMask) {
    const entry = load<i32>(slots + (<usize>slot << 2));
    if (entry === 0) break;
    const id = entry - 1;
    if (load<u32>(hashes + (<usize>id << 2)) !== h) continue;
    const at = words + (<usize>id << 3);
    if (<usize>load<u32>(at, 4) !== n) continue;
    if (sameLetters(<usize>load<u32>(at), start, n)) return id;
  }
  const at = alloc(n);
  for (let k: usize = 0; k < n; k++) store<u8>(at + k, load<u8>(start + k) | 0x20);
  return addWord(at, n, h);
}

/** Whether the lowercase word at `word` is the letters at `text` (any case); both `n` long. */
@inline
function sameLetters(word: usize, text: usize, n: usize): bool {
  let k: usize = 0;
  // Every byte is a letter, so OR-ing 0x20 into each lowercases eight at a time.
  for (; k + 8 <= n; k += 8) {
    if (load<u64>(word + k) !== (load<u64>(text + k) | 0x2020202020202020)) return false;
  }
  for (; k < n; k++) {
    if (load<u8>(word + k) !== (load<u8>(text + k) | 0x20)) return false;
  }
  return true;
}

function hashBytes(at: usize, n: usize): u32 {
  let h = FNV_OFFSET;
  for (let k: usize = 0; k < n; k++) h = (h ^ <u32>load<u8>(at + k)) * FNV_PRIME;
  return h;
}

/** Word `n` bytes at `at` (already lowercase, kept there) gets the next id. */
function addWord(at: usize, n: usize, h: u32): i32 {
  const id = wordCount++;
  if (id === wordCap) growWords(wordCap * 2);
  store<u32>(words + (<usize>id << 3), <u32>at);
  store<u32>(words + (<usize>id << 3), <u32>n, 4);
  store<u32>(hashes + (<usize>id << 2), h);
  store<i32>(unigrams + (<usize>id << 2), -1);
  // The longest token is a bigram of two such words, "b:" and ">".
  if (n * 2 + 3 > scratchCap) growScratch((n * 2 + 3) * 2);
  if (<u32>wordCount * 2 > slotMask + 1) {
    rehash();
  } else {
    place(id);
  }
  return id;
}

function place(id: i32): void {
  let slot = load<u32>(hashes + (<usize>id << 2)) & slotMask;
  while (load<i32>(slots + (<usize>slot << 2)) !== 0) slot = (slot + 1) & slotMask;
  store<i32>(slots + (<usize>slot << 2), id + 1);
}

function rehash(): void {
  const cap = (slotMask + 1) * 2;
  slots = alloc(<usize>cap << 2);
  slotMask = cap - 1;
  for (let id = 0; id < wordCount; id++) place(id);
}

function growWords(cap: i32): void {
  const grownWords = alloc(<usize>cap << 3);
  const grownHashes = alloc(<usize>cap << 2);
  const grownUnigrams = alloc(<usize>cap << 2);
  if (wordCap > 0) {
    memory.copy(grownWords, words, <usize>wordCap << 3);
    memory.copy(grownHashes, hashes, <usize>wordCap << 2);
    memory.copy(grownUnigrams, unigrams, <usize>wordCap << 2);
  }
  words = grownWords;
  hashes = grownHashes;
  unigrams = grownUnigrams;
  wordCap = cap;
}

function growScratch(cap: usize): void {
  // 8 bytes of slack: a token is padded to a multiple of 8 in place.
  scratchCap = max(cap, 128);
  scratch = alloc(scratchCap + 8);
}

/** `bytes` zeroed bytes at an 8-aligned address, growing the memory (at least doubling) when needed. */
function alloc(bytes: usize): usize {
  const at = (top + 7) & ~7;
  const end = at + bytes;
  const have = <usize>memory.size() << 16;
  if (end > have) {
    const need = <i32>((end - have + 0xffff) >> 16);
    if (memory.grow(max(need, memory.size())) < 0 && memory.grow(need) < 0) unreachable();
  }
  // Memory given up by an earlier structure is reused after clear(): zero it.
  memory.fill(at, 0, bytes);
  top = end;
  return at;
}
