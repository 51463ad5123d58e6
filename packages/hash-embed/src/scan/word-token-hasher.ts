/**
 * Buckets of the scan's word tokens, asked for by word ids: (-1, w) is the unigram "w:" + w and
 * (v, w) the bigram "b:" + v + ">" + w. In WebAssembly each word's bytes are written once into
 * the BLAKE2b kernel's memory when it gets its id, and the kernel assembles every token there
 * (assembly/blake2b.ts `wordTokens`), so no token string is built and nothing is copied per
 * token. Without WebAssembly the token strings are built and given to a string hasher.
 */
import { Blake2bBatch, blake2bFastestModule, type CompiledWasm } from "../blake2b-batch.js";
import { DIM } from "./layout.js";

export interface WordTokenHasher {
  /** Word `id` is `word`; ids are added in order 0, 1, 2... and words are ASCII. */
  addWord(id: number, word: string): void;
  /** Forgets every word: ids start over at 0. */
  clear(): void;
  /** The bucket of each of the `n` requests in `pairs` (two ints a request), into `out`. */
  buckets(pairs: Int32Array, n: number, out: Int32Array): void;
}

/** Buckets of token strings, written into `out` in order. */
export type TokenHasher = (tokens: readonly string[], out: Int32Array) => void;

// For a power-of-two dim up to 256 the bucket is the last digest byte (256 divides 2^64).
if (DIM > 256 || (DIM & (DIM - 1)) !== 0) throw new Error(`the word-token kernel needs a power-of-two DIM up to 256, got ${DIM}`);

interface WordTokenExports {
  readonly memory: WebAssembly.Memory;
  heapBase(): number;
  wordTokens(words: number, pairs: number, n: number, scratch: number, out: number): void;
}

const PAGE = 65536;

/** The WebAssembly hasher where it runs, else token strings through @noble/hashes. */
export function wordTokenHasher(implementation: "auto" | "wasm" | "noble" = "auto"): WordTokenHasher {
  const module = implementation === "noble" ? null : blake2bFastestModule();
  if (module !== null) return new WasmWordTokens(module);
  if (implementation === "wasm") throw new Error('implementation "wasm" needs WebAssembly, which this engine lacks; use "auto" or "noble"');
  const batch = new Blake2bBatch({ implementation: "noble" });
  return new StringWordTokens((tokens, out) => {
    batch.bucketsOf(tokens, DIM, out);
  });
}

/**
 * The kernel's memory is filled by a bump allocator from heapBase: word bytes as words arrive,
 * and the word table, the request area and the scratch block, each moved to the top when it
 * outgrows its place (the old copy is left behind until `clear`).
 */
export class WasmWordTokens implements WordTokenHasher {
  private readonly exports: WordTokenExports;
  private readonly base: number;
  private u8: Uint8Array;
  private i32: Int32Array;
  private top = 0;
  /** Word table: address and length of each word, 8 bytes a word. */
  private table = 0;
  private tableCap = 0;
  /** Requests (8 bytes each) followed by their digests (8 bytes each). */
  private requests = 0;
  private requestCap = 0;
  private scratch = 0;
  private scratchCap = 0;

  constructor(module: CompiledWasm) {
    this.exports = new WebAssembly.Instance(module as WebAssembly.Module, {}).exports as unknown as WordTokenExports;
    this.base = this.exports.heapBase();
    this.u8 = new Uint8Array(this.exports.memory.buffer);
    this.i32 = new Int32Array(this.exports.memory.buffer);
    this.clear();
  }

  clear(): void {
    this.top = this.base;
    this.tableCap = 0;
    this.requestCap = 0;
    this.scratchCap = 0;
    this.growTable(1024);
    this.growRequests(64);
    this.growScratch(256);
  }

  addWord(id: number, word: string): void {
    if (id >= this.tableCap) this.growTable(id * 2);
    const len = word.length;
    const at = this.alloc(len);
    const u8 = this.u8;
    for (let k = 0; k < len; k++) {
      const code = word.charCodeAt(k);
      // The tokenizer's words are [a-z]+ or "<num>": a byte a character.
      if (code > 0x7f) throw new Error(`word-token hasher: word ${JSON.stringify(word)} is not ASCII`);
      u8[at + k] = code;
    }
    const entry = (this.table >> 2) + 2 * id;
    this.i32[entry] = at;
    this.i32[entry + 1] = len;
    // The longest token is a bigram of two such words, "b:" and ">".
    if (2 * len + 3 > this.scratchCap) this.growScratch(2 * (2 * len + 3));
  }

  buckets(pairs: Int32Array, n: number, out: Int32Array): void {
    if (n > this.requestCap) this.growRequests(n * 2);
    const at = this.requests;
    this.i32.set(pairs.subarray(0, 2 * n), at >> 2);
    const digests = at + this.requestCap * 8;
    this.exports.wordTokens(this.table, at, n, this.scratch, digests);
    const u8 = this.u8;
    for (let i = 0; i < n; i++) out[i] = u8[digests + 8 * i + 7] & (DIM - 1);
  }

  private growTable(cap: number): void {
    const table = this.alloc(cap * 8);
    if (this.tableCap > 0) this.u8.copyWithin(table, this.table, this.table + this.tableCap * 8);
    this.table = table;
    this.tableCap = cap;
  }

  private growRequests(cap: number): void {
    this.requests = this.alloc(cap * 16);
    this.requestCap = cap;
  }

  private growScratch(cap: number): void {
    // 8 bytes of slack: the kernel pads the block it builds to a multiple of 8.
    this.scratch = this.alloc(Math.max(cap, 128) + 8);
    this.scratchCap = Math.max(cap, 128);
  }

  /** `bytes` bytes at an 8-aligned address, growing the memory (at least doubling) when needed. */
  private alloc(bytes: number): number {
    const at = (this.top + 7) & ~7;
    const end = at + bytes;
    const memory = this.exports.memory;
    const have = memory.buffer.byteLength;
    if (end > have) {
      memory.grow(Math.ceil((Math.max(end, have * 2) - have) / PAGE));
      this.u8 = new Uint8Array(memory.buffer);
      this.i32 = new Int32Array(memory.buffer);
    }
    this.top = end;
    return at;
  }
}

/** Builds the token strings and hashes them with `hash`: the fallback, and a reference for tests. */
export class StringWordTokens implements WordTokenHasher {
  private readonly words: string[] = [];
  private readonly tokens: string[] = [];

  constructor(private readonly hash: TokenHasher) {}

  addWord(id: number, word: string): void {
    this.words[id] = word;
  }

  clear(): void {
    this.words.length = 0;
  }

  buckets(pairs: Int32Array, n: number, out: Int32Array): void {
    const { words, tokens } = this;
    tokens.length = n;
    for (let i = 0; i < n; i++) {
      const first = pairs[2 * i];
      const second = words[pairs[2 * i + 1]];
      tokens[i] = first < 0 ? "w:" + second : "b:" + words[first] + ">" + second;
    }
    this.hash(tokens, out);
  }
}
