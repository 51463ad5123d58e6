/**
 * SHA-256 (FIPS 180-4) of a text's UTF-8: the first 48 bits as a number (a behaviour signature
 * is those bits in hex), or the whole digest in hex (the holdout split's task order). Written
 * out here because signatures are hashed one short payload at a time, where a general hasher's
 * per-call setup (hasher state, block buffer and views, digest copy) and its byte-at-a-time
 * buffering cost more than the compression itself; the split uses it too, so browser bundles
 * carry one SHA-256. The tests check it against `@noble/hashes` bit for bit.
 */

const K = Int32Array.of(
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
);

const W = new Int32Array(64);
const encoder = new TextEncoder();
// Room for the text (at most three UTF-8 bytes per UTF-16 unit) and its padding, grown on demand.
let bytes = new Uint8Array(1024);

/**
 * `int.from_bytes(sha256(text.encode()).digest()[:6], "big")`. The text must hold no lone
 * surrogate (TextEncoder would write U+FFFD where Python's encode raises); a repr never does.
 */
export function sha256Head48(text: string): number {
  const length = encode(text);
  return sha256Head48Of(bytes, length);
}

/** Lowercase hex SHA-256 of a text's UTF-8 (a lone surrogate is hashed as U+FFFD, as TextEncoder writes it, where Python's encode raises). */
export function sha256Hex(text: string): string {
  const length = encode(text);
  sha256Head48Of(bytes, length);
  // The state after the last block is the whole digest.
  let hex = "";
  for (let i = 0; i < 8; i++) hex += (SCRATCH_STATE[i] >>> 0).toString(16).padStart(8, "0");
  return hex;
}

/** Writes the text's UTF-8 into `bytes`, grown to hold it and its padding; returns its length. */
function encode(text: string): number {
  const room = text.length * 3 + PADDING_ROOM;
  if (room > bytes.length) bytes = new Uint8Array(room + 1024);
  return encoder.encodeInto(text, bytes).written;
}

/** Bytes a message buffer must have free after its `length` bytes, for the padding. */
export const PADDING_ROOM = 72;

/**
 * `sha256Head48` of the first `length` bytes of `buf`, which must have `PADDING_ROOM` bytes
 * free after them: the padding is written there (the bytes after the message are overwritten).
 */
export function sha256Head48Of(buf: Uint8Array, length: number): number {
  const state = SCRATCH_STATE;
  state.set(INITIAL_STATE);
  return sha256Finish(state, buf, 0, length);
}

/** The hash state before any block: H(0) of FIPS 180-4. */
export const INITIAL_STATE = Int32Array.of(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19);
const SCRATCH_STATE = new Int32Array(8);

/**
 * Finishes a hash whose `state` has taken in the blocks of `buf[0, from)` (`from` a multiple of
 * 64): the rest of the `length`-byte message and its padding (written into the `PADDING_ROOM`
 * bytes after it), then the head 48 bits. `state` is left as after the last block.
 */
export function sha256Finish(state: Int32Array, buf: Uint8Array, from: number, length: number): number {
  // Padding: 0x80, zeros, then the bit length as a 64-bit big-endian number.
  const total = (length + 72) & ~63;
  buf[length] = 0x80;
  buf.fill(0, length + 1, total - 8);
  const high = Math.floor(length / 0x20000000);
  const low = (length << 3) >>> 0;
  buf[total - 8] = high >>> 24;
  buf[total - 7] = high >>> 16;
  buf[total - 6] = high >>> 8;
  buf[total - 5] = high;
  buf[total - 4] = low >>> 24;
  buf[total - 3] = low >>> 16;
  buf[total - 2] = low >>> 8;
  buf[total - 1] = low;
  sha256Blocks(state, buf, from, total);
  return (state[0] >>> 0) * 0x10000 + (state[1] >>> 16);
}

/** Takes the 64-byte blocks of `buf[from, to)` into `state` (both ends multiples of 64). */
export function sha256Blocks(state: Int32Array, buf: Uint8Array, from: number, to: number): void {
  let h0 = state[0];
  let h1 = state[1];
  let h2 = state[2];
  let h3 = state[3];
  let h4 = state[4];
  let h5 = state[5];
  let h6 = state[6];
  let h7 = state[7];
  const w = W;
  for (let at = from; at < to; at += 64) {
    for (let i = 0, j = at; i < 16; i++, j += 4) w[i] = (buf[j] << 24) | (buf[j + 1] << 16) | (buf[j + 2] << 8) | buf[j + 3];
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15];
      const b = w[i - 2];
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let h = h7;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  state[0] = h0;
  state[1] = h1;
  state[2] = h2;
  state[3] = h3;
  state[4] = h4;
  state[5] = h5;
  state[6] = h6;
  state[7] = h7;
}
