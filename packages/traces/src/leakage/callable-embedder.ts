/** `CallableEmbedder` of embeddings.py: a plain function `texts -> vectors` used as an embedder. */
import type { Embedder, Vector } from "@whileai/hash-embed";
import { normalizeRows } from "./normalize-row.js";
import { isThenable } from "./thenable.js";

/** A function from texts to one vector per text; it may answer with a Promise. */
export type EmbedFunction = (texts: string[]) => Iterable<Vector> | Promise<Iterable<Vector>>;

/** Wraps a function; every returned row is read as floats and L2-normalised (semantic). */
export class CallableEmbedder implements Embedder {
  readonly semantic = true;

  constructor(
    readonly fn: EmbedFunction,
    readonly name: string = "callable",
  ) {}

  embed(texts: readonly string[]): Float64Array[] | Promise<Float64Array[]> {
    const rows = this.fn([...texts]);
    if (isThenable<Iterable<Vector>>(rows)) return Promise.resolve(rows).then((r) => normalizeRows(r, this.name));
    return normalizeRows(rows, this.name);
  }
}
