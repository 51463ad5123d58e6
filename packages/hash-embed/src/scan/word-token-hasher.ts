/**
 * Buckets of the JS embedder's word tokens (count-embedder.ts, which runs where the WebAssembly
 * embedder cannot), asked for by word ids: (-1, w) is the unigram "w:" + w and (v, w) the bigram
 * "b:" + v + ">" + w. The token strings are built and hashed in one batch: in the compact
 * WebAssembly BLAKE2b kernel where it runs (a browser's main thread compiles its 2 KB), else by
 * @noble/hashes.
 */
import { Blake2bBatch, type Blake2bImplementation } from "../blake2b-batch.js";
import { DIM } from "./layout.js";

export interface WordTokenHasher {
  /** Word `id` is `word`; ids are added in order 0, 1, 2... */
  addWord(id: number, word: string): void;
  /** Forgets every word: ids start over at 0. */
  clear(): void;
  /** The bucket of each of the `n` requests in `pairs` (two ints a request), into `out`. */
  buckets(pairs: Int32Array, n: number, out: Int32Array): void;
}

/** Buckets of token strings, written into `out` in order. */
export type TokenHasher = (tokens: readonly string[], out: Int32Array) => void;

/** Token strings hashed in WebAssembly where it runs ("auto"), or as asked. */
export function wordTokenHasher(implementation: Blake2bImplementation = "auto"): WordTokenHasher {
  const batch = new Blake2bBatch({ implementation });
  return new StringWordTokens((tokens, out) => {
    batch.bucketsOf(tokens, DIM, out);
  });
}

/** Builds the token strings and hashes them with `hash`. */
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
