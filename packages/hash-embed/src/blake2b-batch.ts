/**
 * BLAKE2b with an 8-byte digest over many tokens per call: the WebAssembly kernel of
 * assembly/blake2b.ts where the engine runs it, @noble/hashes one token at a time elsewhere.
 * Same digests as `tokenDigest` in bucket.ts; a token hashes ten times faster in a batch,
 * because the kernel uses native 64-bit arithmetic and one call covers thousands of tokens.
 */
import { checkDim, digestBucket, tokenDigest } from "./bucket.js";
import { BLAKE2B_WASM } from "./scan/kernel-bytes.generated.js";

export type Blake2bImplementation = "auto" | "wasm" | "noble";

export interface Blake2bBatchOptions {
  /** "auto" (default) takes WebAssembly where it runs; "noble" forces the pure-JS fallback. */
  implementation?: Blake2bImplementation;
}

interface Blake2bExports {
  readonly memory: WebAssembly.Memory;
  heapBase(): number;
  digest8(input: number, offsets: number, n: number, out: number): void;
}

// Tokens per kernel call: keeps the wasm memory small on huge batches, one call per 4096.
const CHUNK = 4096;
const PAGE = 65536;
const encoder = new TextEncoder();
// The offsets table is written through a Uint32Array, which the kernel reads little-endian.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * A compiled `WebAssembly.Module`, named without `WebAssembly`: TypeScript declares it only in its
 * DOM and WebWorker libraries, so naming it in these declarations would fail a Node project's type
 * check (`lib: ["ES2022"]`, no skipLibCheck), as `WasmMemory` in scan/byte-space.ts explains.
 */
export type CompiledWasm = object;

const modules = new Map<string, WebAssembly.Module | null>();

/** `base64` compiled once, or null where WebAssembly (or its bulk-memory ops) is missing or refuses it. */
export function compileOnce(base64: string): CompiledWasm | null {
  let module = modules.get(base64);
  if (module === undefined) {
    module = null;
    try {
      if (typeof WebAssembly === "object" && LITTLE_ENDIAN) {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        if (WebAssembly.validate(bytes)) module = new WebAssembly.Module(bytes);
      }
    } catch {
      module = null;
    }
    modules.set(base64, module);
  }
  return module;
}

/** The compact kernel (2 KB: under the 4 KB browsers compile synchronously on their main thread). */
export function blake2bModule(): CompiledWasm | null {
  return compileOnce(BLAKE2B_WASM);
}

/** Whether the WebAssembly BLAKE2b kernel can run here. */
export function blake2bWasmAvailable(): boolean {
  return blake2bModule() !== null;
}

/** Hashes token arrays; holds its own wasm memory, so keep one per thread and reuse it. */
export class Blake2bBatch {
  readonly implementation: "wasm" | "noble";
  private readonly kernel: WasmKernel | null;
  private readonly digest = new Uint8Array(8);

  constructor(options: Blake2bBatchOptions = {}) {
    const choice = options.implementation ?? "auto";
    const module = choice === "noble" ? null : blake2bModule();
    if (choice === "wasm" && module === null) {
      throw new Error('implementation "wasm" needs WebAssembly, which this engine lacks; use "auto" or "noble"');
    }
    this.kernel = module === null ? null : new WasmKernel(module);
    this.implementation = module === null ? "noble" : "wasm";
  }

  /** The 8-byte digests of `tokens`, back to back (token i at bytes 8i..8i+7). */
  digests(tokens: readonly string[]): Uint8Array {
    const out = new Uint8Array(tokens.length * 8);
    this.digestsInto(tokens, out);
    return out;
  }

  /** Writes the digests of `tokens` into `out` (at least 8 bytes a token). */
  digestsInto(tokens: readonly string[], out: Uint8Array): void {
    if (out.length < tokens.length * 8) throw new RangeError(`out holds ${out.length} bytes, ${tokens.length} tokens need ${tokens.length * 8}`);
    const kernel = this.kernel;
    if (kernel === null) {
      for (let i = 0; i < tokens.length; i++) out.set(tokenDigest(tokens[i]), i * 8);
      return;
    }
    for (let from = 0; from < tokens.length; from += CHUNK) {
      const to = Math.min(from + CHUNK, tokens.length);
      const at = kernel.hash(tokens, from, to);
      out.set(kernel.bytes.subarray(at, at + (to - from) * 8), from * 8);
    }
  }

  /** The bucket of each token for a `dim`-bucket vector (bucket.ts's `digestBucket` rule). */
  bucketsOf(tokens: readonly string[], dim: number, out: Int32Array): Int32Array {
    // An Int32Array holds buckets below 2^31 only.
    if (checkDim(dim) > 2 ** 31) throw new RangeError(`dim must be at most 2^31 for Int32Array buckets, got ${dim}`);
    if (out.length < tokens.length) throw new RangeError(`out holds ${out.length} buckets, ${tokens.length} tokens need as many`);
    const kernel = this.kernel;
    if (kernel === null) {
      for (let i = 0; i < tokens.length; i++) out[i] = digestBucket(tokenDigest(tokens[i]), dim);
      return out;
    }
    const digest = this.digest;
    // 256 divides 2^64: for these dims the last digest byte is the bucket, no copy needed.
    const lastByte = dim <= 256 && (dim & (dim - 1)) === 0;
    for (let from = 0; from < tokens.length; from += CHUNK) {
      const to = Math.min(from + CHUNK, tokens.length);
      let at = kernel.hash(tokens, from, to);
      const bytes = kernel.bytes;
      for (let i = from; i < to; i++, at += 8) {
        if (lastByte) {
          out[i] = bytes[at + 7] & (dim - 1);
        } else {
          for (let k = 0; k < 8; k++) digest[k] = bytes[at + k];
          out[i] = digestBucket(digest, dim);
        }
      }
    }
    return out;
  }
}

/** One instance of the kernel and its memory. Layout from heapBase: digests, offsets, bytes. */
class WasmKernel {
  bytes: Uint8Array;
  private words: Uint32Array;
  private readonly exports: Blake2bExports;
  private readonly base: number;

  constructor(module: CompiledWasm) {
    this.exports = new WebAssembly.Instance(module as WebAssembly.Module, {}).exports as unknown as Blake2bExports;
    this.base = this.exports.heapBase();
    this.bytes = new Uint8Array(this.exports.memory.buffer);
    this.words = new Uint32Array(this.exports.memory.buffer);
  }

  /** Hashes tokens [from, to); returns where their digests start in `bytes`. */
  hash(tokens: readonly string[], from: number, to: number): number {
    const n = to - from;
    const offsets = this.base + n * 8;
    const input = offsets + (n + 1) * 4;
    let pos = 0;
    for (let i = 0; i < n; i++) {
      this.words[(offsets >>> 2) + i] = pos;
      const token = tokens[from + i];
      const len = token.length;
      // A UTF-16 unit is at most 3 UTF-8 bytes (a surrogate pair is 4 for 2 units).
      if (input + pos + len * 3 > this.bytes.length) this.grow(input + pos + len * 3);
      const bytes = this.bytes;
      const start = input + pos;
      let j = 0;
      // Tokens are nearly always ASCII: copy the code units, and let TextEncoder do the rest.
      for (; j < len; j++) {
        const code = token.charCodeAt(j);
        if (code > 0x7f) break;
        bytes[start + j] = code;
      }
      pos += j < len ? encoder.encodeInto(token, bytes.subarray(start)).written : len;
    }
    this.words[(offsets >>> 2) + n] = pos;
    this.exports.digest8(input, offsets, n, this.base);
    return this.base;
  }

  /** Grows the memory to hold `end` bytes, doubling when it can so growth stays rare. */
  private grow(end: number): void {
    const memory = this.exports.memory;
    const have = memory.buffer.byteLength;
    try {
      memory.grow(Math.ceil((Math.max(end, have * 2) - have) / PAGE));
    } catch {
      memory.grow(Math.ceil((end - have) / PAGE));
    }
    this.bytes = new Uint8Array(memory.buffer);
    this.words = new Uint32Array(memory.buffer);
  }
}
