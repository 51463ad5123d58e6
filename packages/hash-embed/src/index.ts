/**
 * @whileai/hash-embed: the word+bigram hash embedder of the whileai Python SDK, bit for bit, and
 * the exact leakage scan built on it. The Python semantics the whileai packages share are in
 * `./internal.ts` (`@whileai/hash-embed/internal`), which is not a public API.
 */
export { NUM, tokenize, words } from "./tokenize.js";
export { digestBucket, tokenBucket, tokenDigest } from "./bucket.js";
export { fsum } from "./python/fsum.js";
export { HASH_DIM, hashCounts, hashVector, normalizeCounts } from "./hash-vector.js";
export type { HashCounts, HashOptions } from "./hash-vector.js";
export { HashEmbedder } from "./embedder.js";
export type { Embedder, Vector } from "./embedder.js";
export { promptOf } from "./python/prompt-of.js";
export { scanLeakage, scanLeakageSync } from "./scan/scan-leakage.js";
export type { ScanLeakageOptions, ShardSpec } from "./scan/options.js";
export type { ScanProgress } from "./scan/progress.js";
export type { LeakageScan, ScanTimings, ShardReport } from "./scan/result.js";
export type { LeakageReport, LeakExample } from "./scan/tally.js";
export { LeakageTally } from "./scan/tally.js";
export { LeakageIndex } from "./scan/leakage-index.js";
export type { LeakageIndexOptions } from "./scan/leakage-index.js";
export { mergeLeakageReports } from "./scan/merge.js";
export { resolveKernel, wasmKernelAvailable } from "./scan/kernel.js";
export type { KernelChoice } from "./scan/kernel.js";
export { Blake2bBatch, blake2bWasmAvailable } from "./blake2b-batch.js";
export type { Blake2bBatchOptions, Blake2bImplementation } from "./blake2b-batch.js";
// The base of every whileai package's error classes: at the bottom of their dependency graph.
export { isWhileaiError, WhileaiError } from "./whileai-error.js";
