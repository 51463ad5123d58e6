/**
 * What the scan reads of an embedded text, and the embedder each thread uses: the WebAssembly
 * one (wasm-embedder.ts) where its module compiles, else the JS one (count-embedder.ts). Both
 * give the same counts; the JS one is also the fallback on a browser's main thread, which
 * refuses to compile a module this large synchronously.
 */
import { CountEmbedder } from "./count-embedder.js";
import { embedModule, WasmEmbedder } from "./wasm-embedder.js";

export interface TextCounts {
  /** Count per bucket (dense); only the `size` buckets listed in `nonzero` are nonzero. */
  readonly counts: Uint32Array;
  /** Nonzero buckets in ascending order (Python sums in index order). */
  readonly nonzero: Int32Array;
  readonly size: number;
  /** Tokens of the text: the sum of its counts. */
  readonly tokens: number;
  /** The copy key of the text's collapsed form (exact-copies.ts). */
  readonly copyKey: number;
  /** The source store's form of the counts: (bucket, count) byte pairs in `nonzero`'s order, exact when `maxCount` <= 255. */
  readonly pairs: Uint8Array;
  /** The largest count. */
  readonly maxCount: number;
  /** FNV-1a of the (bucket, count) list (each pair as bucket << 20 ^ count): equal counts hash alike. */
  readonly vectorHash: number;
  /** Replaces the counts with those of `text`. */
  embed(text: string): void;
  /** Sum of squared counts (exact below 2^53). */
  squares(): number;
}

/** A new embedder with empty caches: WebAssembly where it runs, else JS. */
export function createEmbedder(): TextCounts {
  const module = embedModule();
  return module === null ? new CountEmbedder() : new WasmEmbedder(module);
}
