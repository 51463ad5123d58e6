// BLAKE2b (RFC 7693), unkeyed, digest_size = 8, over many short messages per call: the
// embedder hashes word and bigram tokens of ~15 bytes, where a JS call per token and the
// 32-bit arithmetic of a pure-JS BLAKE2b cost ten times the compression itself. Entries:
// blake2b.ts (the batch hasher) and embed.ts (the whole scan embedder).
//
// The caller writes the messages back to back at `input`, their start offsets (relative to
// `input`, N + 1 entries, the last one the end of the last message) at `offsets`, and reads
// 8 digest bytes per message at `out`. Free memory starts at heapBase().

import { IV0, IV1, IV2, IV3, IV4, IV5, IV6, IV7, PARAM0 } from "./blake2b-constants";
import { finalBlockH0, finalBlockH0Short } from "./blake2b-rounds.generated";

// The message schedule of the 12 rounds, each entry times 8: a byte offset into the block.
const SIGMA = memory.data<u8>([
  0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120,
  112, 80, 32, 64, 72, 120, 104, 48, 8, 96, 0, 16, 88, 56, 40, 24,
  88, 64, 96, 0, 40, 16, 120, 104, 80, 112, 24, 48, 56, 8, 72, 32,
  56, 72, 24, 8, 104, 96, 88, 112, 16, 48, 40, 80, 32, 0, 120, 64,
  72, 0, 40, 56, 16, 32, 80, 120, 112, 8, 88, 96, 48, 64, 24, 104,
  16, 96, 48, 80, 0, 88, 64, 24, 32, 104, 56, 40, 120, 112, 8, 72,
  96, 40, 8, 120, 112, 104, 32, 80, 0, 56, 48, 24, 72, 16, 64, 88,
  104, 88, 56, 112, 96, 8, 24, 72, 40, 0, 120, 32, 64, 48, 16, 80,
  48, 120, 112, 72, 88, 24, 0, 64, 96, 16, 104, 56, 8, 32, 80, 40,
  80, 16, 64, 32, 56, 48, 8, 40, 120, 88, 72, 112, 24, 96, 104, 0,
  0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120,
  112, 80, 32, 64, 72, 120, 104, 48, 8, 96, 0, 16, 88, 56, 40, 24,
]);
// The chain value h0..h7 of the message being hashed.
const H = memory.data(64, 16);
// The last block, zero-padded: the bytes after a message belong to the next one.
const LAST = memory.data(128, 16);
// The digest of a token longer than one block.
const LAST_DIGEST = memory.data(8, 8);

/** The first byte the caller may use. */
export function heapBase(): usize {
  return (__heap_base + 15) & ~15;
}

/** Digests messages [0, n) into 8 bytes each at `out`. */
export function digest8(input: usize, offsets: usize, n: i32, out: usize): void {
  for (let i = 0; i < n; i++) {
    const at = offsets + (<usize>i << 2);
    digestRange(input + <usize>load<u32>(at), input + <usize>load<u32>(at, 4), out + (<usize>i << 3));
  }
}

/**
 * The 8 digest bytes (as a little-endian u64) of the scan's word token (first, second), assembled
 * at `scratch` (room for the longest token and at least 128 bytes) from the word table at `words`
 * (word k's bytes at the u32 address `words` + 8k, its length at `words` + 8k + 4): (-1, w) is the
 * unigram "w:" + word w, (v, w) the bigram "b:" + v + ">" + w.
 */
export function wordTokenDigest(words: usize, first: i32, second: usize, scratch: usize): u64 {
  let q = scratch;
  if (first < 0) {
    store<u16>(q, 0x3a77); // "w:"
    q = putWord(q + 2, words, second);
  } else {
    store<u16>(q, 0x3a62); // "b:"
    q = putWord(q + 2, words, <usize>first);
    store<u8>(q, 0x3e); // ">"
    q = putWord(q + 1, words, second);
  }
  const len = q - scratch;
  if (len > 128) {
    digestRange(scratch, scratch + len, LAST_DIGEST);
    return load<u64>(LAST_DIGEST);
  }
  // Pad in place (to 32 bytes for the short kernel, else to the block's end): no copy into LAST.
  const short = UNROLLED && len <= 32;
  while (q & 7) {
    store<u8>(q, 0);
    q++;
  }
  for (const end = scratch + (short ? 32 : 128); q < end; q += 8) store<u64>(q, 0);
  return finalBlock(scratch, <u64>len, short);
}

// With `--use BLAKE2B_UNROLLED=1` (the embedder's module, scripts/build-wasm.mjs) the final block
// runs the generated unrolled rounds; without it (the batch hasher, under the 4 KB a browser
// compiles synchronously on its main thread) the compact loop below.
const UNROLLED: bool = isDefined(BLAKE2B_UNROLLED);

/** h0 (the digest) of a message that is one zero-padded final block at `m`, `t` bytes long. */
@inline
function finalBlock(m: usize, t: u64, short: bool): u64 {
  if (UNROLLED) return short ? finalBlockH0Short(m, t) : finalBlockH0(m, t);
  initChain();
  compress(m, t, u64.MAX_VALUE);
  return load<u64>(H);
}

/** Copies word `id`'s bytes to `q`; returns the byte after them. */
@inline
function putWord(q: usize, words: usize, id: usize): usize {
  const at = words + (id << 3);
  let p = <usize>load<u32>(at);
  const end = p + <usize>load<u32>(at, 4);
  for (; p + 8 <= end; p += 8, q += 8) store<u64>(q, load<u64>(p));
  for (; p < end; p++, q++) store<u8>(q, load<u8>(p));
  return q;
}

/** H := the initial chain value of an unkeyed BLAKE2b with an 8-byte digest. */
@inline
function initChain(): void {
  store<u64>(H, IV0 ^ PARAM0);
  store<u64>(H, IV1, 8);
  store<u64>(H, IV2, 16);
  store<u64>(H, IV3, 24);
  store<u64>(H, IV4, 32);
  store<u64>(H, IV5, 40);
  store<u64>(H, IV6, 48);
  store<u64>(H, IV7, 56);
}

/** The 8-byte digest of the bytes [p, end), written at `out`. */
export function digestRange(p: usize, end: usize, out: usize): void {
  initChain();
  // Every block but the last is compressed in place; the last (empty for an empty
  // message) is always the one flagged final, even when the length is a multiple of 128.
  let t: u64 = 0;
  while (end - p > 128) {
    t += 128;
    compress(p, t, 0);
    p += 128;
  }
  const rest = end - p;
  memory.fill(LAST, 0, 128);
  memory.copy(LAST, p, rest);
  compress(LAST, t + <u64>rest, u64.MAX_VALUE);
  // Little-endian h0 is the digest's first 8 bytes.
  store<u64>(out, load<u64>(H));
}

/** The compression function F: 12 rounds over the block at `m`, byte count `t`, final flag `f`. */
function compress(m: usize, t: u64, f: u64): void {
  let v0 = load<u64>(H);
  let v1 = load<u64>(H, 8);
  let v2 = load<u64>(H, 16);
  let v3 = load<u64>(H, 24);
  let v4 = load<u64>(H, 32);
  let v5 = load<u64>(H, 40);
  let v6 = load<u64>(H, 48);
  let v7 = load<u64>(H, 56);
  let v8 = IV0;
  let v9 = IV1;
  let v10 = IV2;
  let v11 = IV3;
  // Messages here are far below 2^64 bytes, so the high counter word t1 stays 0.
  let v12 = IV4 ^ t;
  let v13 = IV5;
  let v14 = IV6 ^ f;
  let v15 = IV7;
  for (let s = SIGMA; s < SIGMA + 192; s += 16) {
    // G(a, b, c, d, x, y), written out eight times: AssemblyScript cannot pass locals by reference.
    v0 += v4 + load<u64>(m + <usize>load<u8>(s, 0));
    v12 = rotr(v12 ^ v0, 32);
    v8 += v12;
    v4 = rotr(v4 ^ v8, 24);
    v0 += v4 + load<u64>(m + <usize>load<u8>(s, 1));
    v12 = rotr(v12 ^ v0, 16);
    v8 += v12;
    v4 = rotr(v4 ^ v8, 63);

    v1 += v5 + load<u64>(m + <usize>load<u8>(s, 2));
    v13 = rotr(v13 ^ v1, 32);
    v9 += v13;
    v5 = rotr(v5 ^ v9, 24);
    v1 += v5 + load<u64>(m + <usize>load<u8>(s, 3));
    v13 = rotr(v13 ^ v1, 16);
    v9 += v13;
    v5 = rotr(v5 ^ v9, 63);

    v2 += v6 + load<u64>(m + <usize>load<u8>(s, 4));
    v14 = rotr(v14 ^ v2, 32);
    v10 += v14;
    v6 = rotr(v6 ^ v10, 24);
    v2 += v6 + load<u64>(m + <usize>load<u8>(s, 5));
    v14 = rotr(v14 ^ v2, 16);
    v10 += v14;
    v6 = rotr(v6 ^ v10, 63);

    v3 += v7 + load<u64>(m + <usize>load<u8>(s, 6));
    v15 = rotr(v15 ^ v3, 32);
    v11 += v15;
    v7 = rotr(v7 ^ v11, 24);
    v3 += v7 + load<u64>(m + <usize>load<u8>(s, 7));
    v15 = rotr(v15 ^ v3, 16);
    v11 += v15;
    v7 = rotr(v7 ^ v11, 63);

    v0 += v5 + load<u64>(m + <usize>load<u8>(s, 8));
    v15 = rotr(v15 ^ v0, 32);
    v10 += v15;
    v5 = rotr(v5 ^ v10, 24);
    v0 += v5 + load<u64>(m + <usize>load<u8>(s, 9));
    v15 = rotr(v15 ^ v0, 16);
    v10 += v15;
    v5 = rotr(v5 ^ v10, 63);

    v1 += v6 + load<u64>(m + <usize>load<u8>(s, 10));
    v12 = rotr(v12 ^ v1, 32);
    v11 += v12;
    v6 = rotr(v6 ^ v11, 24);
    v1 += v6 + load<u64>(m + <usize>load<u8>(s, 11));
    v12 = rotr(v12 ^ v1, 16);
    v11 += v12;
    v6 = rotr(v6 ^ v11, 63);

    v2 += v7 + load<u64>(m + <usize>load<u8>(s, 12));
    v13 = rotr(v13 ^ v2, 32);
    v8 += v13;
    v7 = rotr(v7 ^ v8, 24);
    v2 += v7 + load<u64>(m + <usize>load<u8>(s, 13));
    v13 = rotr(v13 ^ v2, 16);
    v8 += v13;
    v7 = rotr(v7 ^ v8, 63);

    v3 += v4 + load<u64>(m + <usize>load<u8>(s, 14));
    v14 = rotr(v14 ^ v3, 32);
    v9 += v14;
    v4 = rotr(v4 ^ v9, 24);
    v3 += v4 + load<u64>(m + <usize>load<u8>(s, 15));
    v14 = rotr(v14 ^ v3, 16);
    v9 += v14;
    v4 = rotr(v4 ^ v9, 63);
  }
  store<u64>(H, load<u64>(H) ^ v0 ^ v8);
  store<u64>(H, load<u64>(H, 8) ^ v1 ^ v9, 8);
  store<u64>(H, load<u64>(H, 16) ^ v2 ^ v10, 16);
  store<u64>(H, load<u64>(H, 24) ^ v3 ^ v11, 24);
  store<u64>(H, load<u64>(H, 32) ^ v4 ^ v12, 32);
  store<u64>(H, load<u64>(H, 40) ^ v5 ^ v13, 40);
  store<u64>(H, load<u64>(H, 48) ^ v6 ^ v14, 48);
  store<u64>(H, load<u64>(H, 56) ^ v7 ^ v15, 56);
}
