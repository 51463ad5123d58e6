/** @whileai/hash-embed: the word+bigram hash embedder of the whileai Python SDK, bit for bit. */
export { NUM, tokenize, words } from "./tokenize.js";
export { digestBucket, tokenBucket, tokenDigest } from "./bucket.js";
export { fsum } from "./fsum.js";
export { HASH_DIM, hashCounts, hashVector, normalizeCounts } from "./hash-vector.js";
export type { HashCounts, HashOptions } from "./hash-vector.js";
export { HashEmbedder } from "./embedder.js";
export type { Embedder, Vector } from "./embedder.js";
