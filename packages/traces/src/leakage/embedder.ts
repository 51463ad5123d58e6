/**
 * `resolve_embedder(embedder)` of embeddings.py (traces-helpers.md §1.3): turn the `embedder`
 * option into an object with `embed(texts)`. The Python SDK's hosted `modal` endpoint and local
 * `bge` / `sentence-transformers` model are not ported (BEYOND.md).
 */
import { HashEmbedder, type Embedder, type Vector } from "@whileai/hash-embed";
import { CallableEmbedder, type EmbedFunction } from "./callable-embedder.js";
import { OLLAMA_MODEL, OPENAI_MODEL } from "./http-models.js";

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
// Python resolves these names to HTTP embedders; here they are objects of @whileai/traces/embedders.
const HTTP_EMBEDDERS = new Map([
  ["openai", { className: "OpenAIEmbedder", model: OPENAI_MODEL, options: "{ apiKey, baseUrl, fetch }" }],
  ["ollama", { className: "OllamaEmbedder", model: OLLAMA_MODEL, options: "{ baseUrl, fetch }" }],
]);

function notPorted(spec: string): Error {
  return new Error(
    `embedder ${JSON.stringify(spec)} is not available in whileai-ts: the hosted modal endpoint and the local ` +
      `bge / sentence-transformers model exist only in the Python SDK. Use "hash", an object with embed(texts) ` +
      `(such as OpenAIEmbedder or OllamaEmbedder from "@whileai/traces/embedders"), or a function.`,
  );
}

/** `"openai[:model]"` or `"ollama[:model]"`: analysis makes no HTTP calls, so the error names the object to pass. */
function httpEmbedderNamed(spec: string, http: { className: string; model: string; options: string }, model: string): Error {
  return new Error(
    `embedder ${JSON.stringify(spec)} calls an HTTP API, which @whileai/traces does not do itself: pass ` +
      `embedder: new ${http.className}(${JSON.stringify(model || http.model)}, ${http.options}) from "@whileai/traces/embedders".`,
  );
}

/**
 * `null`/`undefined`/`"hash"` give the hash embedder; an object with `embed` is used as is (the
 * HTTP embedders of `@whileai/traces/embedders` among them); a plain function is wrapped and its
 * rows L2-normalised. `"openai[:model]"` and `"ollama[:model]"`, which Python resolves to HTTP
 * embedders, throw an error naming the object to pass instead. Any other string throws the
 * Python ValueError text; any other value a TypeError.
 */
export function resolveEmbedder(embedder?: EmbedderSpec): Embedder {
  if (embedder === null || embedder === undefined || embedder === "hash") return new HashEmbedder();
  if (typeof embedder === "string") {
    if (NOT_PORTED.has(embedder)) throw notPorted(embedder);
    const colon = embedder.indexOf(":");
    const kind = colon < 0 ? embedder : embedder.slice(0, colon);
    const rest = colon < 0 ? "" : embedder.slice(colon + 1);
    const http = HTTP_EMBEDDERS.get(kind);
    if (http) throw httpEmbedderNamed(embedder, http, rest);
    if (NOT_PORTED.has(kind)) throw notPorted(embedder);
    throw new Error(INVALID_NAME);
  }
  // Python checks hasattr(embedder, "embed") before callable(), so an object wins over a function.
  if ((typeof embedder === "object" || typeof embedder === "function") && "embed" in embedder) return embedder as Embedder;
  if (typeof embedder === "function") return new CallableEmbedder(embedder);
  throw new TypeError("invalid embedder");
}
