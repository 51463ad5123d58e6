/**
 * `_hash_vector(text, dim=256)` of the Python SDK (traces-helpers.md §1.2): unsigned term
 * counts of word and bigram tokens in BLAKE2b buckets, L2-normalised with a correctly rounded
 * norm. Texts that differ only in their numbers get identical vectors.
 */
import { bucketCache, cachedBucket, checkDim } from "./bucket.js";
import { fsum } from "./python/fsum.js";
import { pyStr } from "./python/repr.js";
import { words } from "./tokenize.js";

/** Buckets of the word+bigram hash embedder (Python `HASH_DIM`). */
export const HASH_DIM = 256;

export interface HashOptions {
  /** Number of buckets; default 256. */
  dim?: number;
}

/** Integer bucket counts; Uint16Array unless a text has 65,536 tokens or more. */
export type HashCounts = Uint16Array | Uint32Array;

/**
 * The raw bucket counts of a text, before normalisation: what an exact integer scan needs.
 * A non-string is read as Python `str(text)` would print it.
 */
export function hashCounts(text: unknown, options: HashOptions = {}): HashCounts {
  const dim = checkDim(options.dim ?? HASH_DIM);
  const ws = words(typeof text === "string" ? text : pyStr(text));
  // No bucket can exceed the token count, so the narrow array is safe below 2^16 tokens.
  const counts = 2 * ws.length - 1 < 0x10000 ? new Uint16Array(dim) : new Uint32Array(dim);
  const cache = bucketCache(dim);
  for (let i = 0; i < ws.length; i++) counts[cachedBucket(cache, "w:" + ws[i], dim)]++;
  for (let i = 1; i < ws.length; i++) counts[cachedBucket(cache, "b:" + ws[i - 1] + ">" + ws[i], dim)]++;
  return counts;
}

/** `_hash_vector(text, dim)`: the L2-unit hash vector, all zeros for a text with no words. */
export function hashVector(text: unknown, options: HashOptions = {}): Float64Array {
  return normalizeCounts(hashCounts(text, options));
}

/** `_normalize(counts)`: x / (sqrt(fsum(x*x)) or 1.0), each component in index order. */
export function normalizeCounts(counts: ArrayLike<number>): Float64Array {
  let squares = 0;
  for (let i = 0; i < counts.length; i++) squares += counts[i] * counts[i];
  const norm = normDivisor(squares, () => counts);
  const out = new Float64Array(counts.length);
  for (let i = 0; i < counts.length; i++) out[i] = counts[i] / norm;
  return out;
}

/**
 * `_normalize`'s divisor, sqrt(fsum(x*x)) or 1.0, from `squares`, the plain sum of the squared
 * counts: integer squares summed below 2^53 are exact, hence already fsum's answer; above that
 * the counts (read only then) are summed again with fsum.
 */
export function normDivisor(squares: number, counts: () => ArrayLike<number>): number {
  const exact = squares > Number.MAX_SAFE_INTEGER ? fsum(Array.from(counts(), (x) => x * x)) : squares;
  return Math.sqrt(exact) || 1.0;
}
