/**
 * `resolve_embedder(embedder)` of embeddings.py (traces-helpers.md §1.3): turn the `embedder`
 * option into an object with `embed(texts)`. The Python SDK's hosted `modal` endpoint and local
 * `bge` / `sentence-transformers` model are not ported (BEYOND.md).
 */
import { HashEmbedder, type Embedder, type Vector } from "@whileai/hash-embed";
import { CallableEmbedder, type EmbedFunction } from "./callable-embedder.js";
import type { HttpEmbedderOptions } from "./http.js";
import { OLLAMA_MODEL, OllamaEmbedder } from "./ollama-embedder.js";
import { OPENAI_MODEL, OpenAIEmbedder } from "./openai-embedder.js";

export type { Embedder, Vector };

/** What the `embedder` option accepts. */
export type EmbedderSpec = Embedder | EmbedFunction | string | null | undefined;

/** An embedder that answers synchronously: the leakage functions then return plain values. */
export interface SyncEmbedder {
  readonly name: string;
  embed(texts: readonly string[]): readonly Vector[];
}
export type SyncEmbedderSpec = SyncEmbedder | ((texts: string[]) => Iterable<Vector>) | "hash" | null | undefined;

const INVALID_NAME = "embedder must be hash, bge, ollama:<model>, openai:<model>, or a callable";
const NOT_PORTED = new Set(["modal", "bge", "sentence-transformers"]);

function notPorted(spec: string): Error {
  return new Error(
    `embedder ${JSON.stringify(spec)} is not available in whileai-ts: the hosted modal endpoint and the local ` +
      `bge / sentence-transformers model exist only in the Python SDK. Use "hash", "openai:<model>", ` +
      `"ollama:<model>", an object with embed(texts), or a function.`,
  );
}

/**
 * `null`/`undefined`/`"hash"` give the hash embedder; `"openai[:model]"` and `"ollama[:model]"`
 * give HTTP embedders (`options` carries their base URL and key: this browser-safe core reads
 * no environment variables); an object with `embed` is used as is; a plain function is wrapped
 * and its rows L2-normalised. Any other string throws the Python ValueError text; any other
 * value a TypeError.
 */
export function resolveEmbedder(embedder?: EmbedderSpec, options: HttpEmbedderOptions = {}): Embedder {
  if (embedder === null || embedder === undefined || embedder === "hash") return new HashEmbedder();
  if (typeof embedder === "string") {
    if (NOT_PORTED.has(embedder)) throw notPorted(embedder);
    const colon = embedder.indexOf(":");
    const kind = colon < 0 ? embedder : embedder.slice(0, colon);
    const rest = colon < 0 ? "" : embedder.slice(colon + 1);
    if (kind === "ollama") return new OllamaEmbedder(rest || OLLAMA_MODEL, options);
    if (kind === "openai") return new OpenAIEmbedder(rest || OPENAI_MODEL, options);
    if (NOT_PORTED.has(kind)) throw notPorted(embedder);
    throw new Error(INVALID_NAME);
  }
  // Python checks hasattr(embedder, "embed") before callable(), so an object wins over a function.
  if ((typeof embedder === "object" || typeof embedder === "function") && "embed" in embedder) return embedder as Embedder;
  if (typeof embedder === "function") return new CallableEmbedder(embedder);
  throw new TypeError("invalid embedder");
}
