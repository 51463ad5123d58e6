/** @whileai/hash-embed: the word+bigram hash embedder of the whileai Python SDK, bit for bit. */
export { NUM, tokenize, words } from "./tokenize.js";
export { digestBucket, tokenBucket, tokenDigest } from "./bucket.js";
export { fsum } from "./fsum.js";
export { HASH_DIM, hashCounts, hashVector, normalizeCounts } from "./hash-vector.js";
export type { HashCounts, HashOptions } from "./hash-vector.js";
export { HashEmbedder } from "./embedder.js";
export type { Embedder, Vector } from "./embedder.js";
export { isPySpace, pyCollapse, pyLower, pySplit, pyStrip } from "./python/text.js";
export { pyRound } from "./python/round.js";
export { promptOf } from "./python/prompt-of.js";
export { pyFloatRepr, pyNumberStr, pyRepr, pyStr, pyStringRepr, PyTuple } from "./python/repr.js";
export { isDict, or, truthy } from "./python/values.js";
export type { Dict } from "./python/values.js";
