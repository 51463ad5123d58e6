// The batch token hasher's module (src/blake2b-batch.ts): BLAKE2b over messages the caller writes
// into this module's memory. The code is in blake2b-core.ts.
export { heapBase, digest8 } from "./blake2b-core";
