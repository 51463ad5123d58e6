/** The embedder interface shared by the leakage scan, and the default hash embedder. */
import { HASH_DIM, hashVector } from "./hash-vector.js";

export { HASH_DIM };

/** A vector: a plain array of numbers or a Float64Array/Float32Array. */
export type Vector = ArrayLike<number>;

/**
 * Anything with a `name` and `embed(texts)`: one vector per text, in order. `embed` may
 * return a Promise (HTTP embedders); the hash embedder answers synchronously.
 */
export interface Embedder {
  readonly name: string;
  readonly semantic?: boolean;
  embed(texts: readonly string[]): readonly Vector[] | Promise<readonly Vector[]>;
}

/** Python `HashEmbedder`: word+bigram hashing into 256 buckets, no batching, no network. */
export class HashEmbedder implements Embedder {
  readonly name = "hash-word-bigram-v2";
  readonly semantic = false;

  /** `[_hash_vector(t) for t in texts]`. */
  embed(texts: readonly unknown[]): Float64Array[] {
    return texts.map((text) => hashVector(text, { dim: HASH_DIM }));
  }
}
