// The batch token hasher's module (src/blake2b-batch.ts, src/scan/word-token-hasher.ts): BLAKE2b
// over messages the caller writes into this module's memory. The code is in blake2b-core.ts.
export { heapBase, digest8, wordTokens } from "./blake2b-core";
