/**
 * Token -> bucket: BLAKE2b with an 8-byte digest (digest_size=8 in the parameter block, not a
 * truncated BLAKE2b-512), read as a big-endian u64, modulo `dim` (traces-helpers.md §1.2 step 5).
 */
import { blake2b } from "@noble/hashes/blake2.js";

const encoder = new TextEncoder();
const BLAKE_OPTS = { dkLen: 8 } as const;

/** `blake2b(token.encode("utf-8"), digest_size=8).digest()`. */
export function tokenDigest(token: string): Uint8Array {
  return blake2b(utf8(token), BLAKE_OPTS);
}

// Tokens are ASCII ("w:", "b:", a-z, ">", "<num>"), so the common case skips TextEncoder.
function utf8(token: string): Uint8Array {
  const bytes = new Uint8Array(token.length);
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    if (code > 0x7f) return encoder.encode(token);
    bytes[i] = code;
  }
  return bytes;
}

/** The big-endian u64 of an 8-byte digest, modulo dim (exact for any positive integer dim). */
export function digestBucket(digest: Uint8Array, dim: number): number {
  // 256 divides 2^64, so for power-of-two dims up to 256 the last byte decides.
  if (dim <= 256 && (dim & (dim - 1)) === 0) return digest[7] & (dim - 1);
  if (dim <= 2 ** 44) {
    // Horner over the bytes keeps r*256 + 255 below 2^53, so every step is exact.
    let r = 0;
    for (let i = 0; i < 8; i++) r = (r * 256 + digest[i]) % dim;
    return r;
  }
  let value = 0n;
  for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(digest[i]);
  return Number(value % BigInt(dim));
}

// BLAKE2b is the hot path: run it once per distinct token and dim. Bounded so a stream of
// unique tokens cannot grow memory without limit; a full cache is simply cleared.
const CACHE_LIMIT = 1 << 16;
const DIM_LIMIT = 8;
const caches = new Map<number, Map<string, number>>();

function cacheFor(dim: number): Map<string, number> {
  let cache = caches.get(dim);
  if (cache === undefined) {
    if (caches.size >= DIM_LIMIT) caches.clear();
    cache = new Map();
    caches.set(dim, cache);
  }
  return cache;
}

/** The bucket of one token for a `dim`-bucket vector. */
export function tokenBucket(token: string, dim: number): number {
  return cachedBucket(cacheFor(dim), token, dim);
}

/** The cache of one dim, fetched once per text by the vector builders. */
export function bucketCache(dim: number): Map<string, number> {
  return cacheFor(dim);
}

/** A token's bucket through a cache obtained from `bucketCache(dim)`. */
export function cachedBucket(cache: Map<string, number>, token: string, dim: number): number {
  let bucket = cache.get(token);
  if (bucket === undefined) {
    bucket = digestBucket(tokenDigest(token), dim);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(token, bucket);
  }
  return bucket;
}

/** Checks a `dim` option: Python would build a useless vector or divide by zero otherwise. */
export function checkDim(dim: number): number {
  if (!Number.isSafeInteger(dim) || dim < 1) throw new RangeError(`dim must be a positive integer, got ${String(dim)}`);
  return dim;
}
