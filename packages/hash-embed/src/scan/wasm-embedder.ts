/**
 * The scan's embedder as one WebAssembly call per text (assembly/embed.ts): words, word ids,
 * token caches, BLAKE2b and the count tally all run in the module, so JS only writes the text's
 * bytes. An ASCII text is written as it is; any other text is first reduced to its words (the
 * Python tokenizer in tokenize.ts), joined by spaces with every number as "0", which the module
 * reads to the same words. Same counts as count-embedder.ts, asserted by the tests.
 */
import { compileOnce, type CompiledWasm } from "../blake2b-batch.js";
import { pyCollapse } from "../python/text.js";
import { NUM, words } from "../tokenize.js";
import { copyKeyOf } from "./exact-copies.js";
import { DIM } from "./layout.js";
import { EMBED_WASM } from "./kernel-bytes.generated.js";
import type { TextCounts } from "./text-counts.js";

interface EmbedExports {
  readonly memory: WebAssembly.Memory;
  clear(): void;
  prepare(bytes: number): number;
  embed(len: number): number;
  countsAddress(): number;
  nonzeroAddress(): number;
  pairsAddress(): number;
  resultAddress(): number;
}

// The module counts into 256 buckets, the scan layout's DIM.
if (DIM !== 256) throw new Error(`the WebAssembly embedder counts into 256 buckets, the layout has ${DIM}`);

const encoder = new TextEncoder();

/** The embedder's module, or null where WebAssembly is missing or refuses it. */
export function embedModule(): CompiledWasm | null {
  return compileOnce(EMBED_WASM);
}

export class WasmEmbedder implements TextCounts {
  // Views of the module's memory, made again whenever it grows.
  counts!: Uint32Array;
  nonzero!: Int32Array;
  pairs!: Uint8Array;
  size = 0;
  tokens = 0;
  copyKey = 0;
  maxCount = 0;
  vectorHash = 0;
  private readonly exports: EmbedExports;
  private readonly result: number;
  private buffer!: ArrayBuffer;
  private u8!: Uint8Array;
  private u32!: Uint32Array;
  private f64!: Float64Array;
  private sum = 0;
  /** Where the module takes the text, and a view from there (both renewed when either moves). */
  private textAt = -1;
  private textView!: Uint8Array;

  constructor(module: CompiledWasm) {
    this.exports = new WebAssembly.Instance(module as WebAssembly.Module, {}).exports as unknown as EmbedExports;
    this.exports.clear();
    this.result = this.exports.resultAddress();
    this.views();
  }

  embed(text: string): void {
    try {
      let len = this.write(text);
      const ascii = len >= 0;
      if (!ascii) len = this.write(asciiWords(text));
      this.size = this.exports.embed(len);
      if (this.exports.memory.buffer !== this.buffer) this.views();
      const at = this.result;
      // Of a text written as its words, the module saw the words only.
      this.copyKey = ascii ? this.u32[at >> 2] : copyKeyOf(pyCollapse(text));
      this.tokens = this.u32[(at >> 2) + 1];
      this.sum = this.f64[(at >> 3) + 1];
      this.vectorHash = this.u32[(at >> 2) + 4] | 0;
      this.maxCount = this.u32[(at >> 2) + 5];
    } catch (error) {
      // The module traps only when its memory cannot grow; its caches may be half updated then.
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      this.exports.clear();
      this.size = 0;
      throw new Error(`the scan's embedder ran out of memory (${this.exports.memory.buffer.byteLength} bytes of WebAssembly memory in use)`, { cause: error });
    }
  }

  squares(): number {
    return this.sum;
  }

  /** Writes `text` into the module; its length in bytes, or -1 when it is not ASCII. */
  private write(text: string): number {
    // Room for the UTF-8 of any text of this length: encodeInto never writes past it.
    const at = this.exports.prepare(text.length * 3);
    if (this.exports.memory.buffer !== this.buffer) this.views();
    if (at !== this.textAt) {
      this.textAt = at;
      this.textView = this.u8.subarray(at);
    }
    const { written } = encoder.encodeInto(text, this.textView);
    // A code unit above 0x7f takes two bytes or more.
    return written === text.length ? written : -1;
  }

  private views(): void {
    this.buffer = this.exports.memory.buffer;
    this.u8 = new Uint8Array(this.buffer);
    this.u32 = new Uint32Array(this.buffer);
    this.f64 = new Float64Array(this.buffer);
    this.textAt = -1;
    this.counts = new Uint32Array(this.buffer, this.exports.countsAddress(), DIM);
    this.nonzero = new Int32Array(this.buffer, this.exports.nonzeroAddress(), DIM);
    this.pairs = new Uint8Array(this.buffer, this.exports.pairsAddress(), 2 * DIM);
  }
}

/** The words of a text in a form the module reads back to the same words. */
function asciiWords(text: string): string {
  return words(text)
    .map((w) => (w === NUM ? "0" : w))
    .join(" ");
}
