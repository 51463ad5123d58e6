/** `OllamaEmbedder` of embeddings.py: a local Ollama server's `/api/embed`, 128 texts a request. */
import type { Embedder } from "@whileai/hash-embed";
import { get, isDict } from "@whileai/hash-embed/internal";
import { EMBED_BATCH, postJson, stripSlashes, HttpEmbedderOptionsSchema, type HttpEmbedderOptions } from "./http.js";
import { OLLAMA_MODEL } from "./http-models.js";
import { normalizeRows } from "./normalize-row.js";
import { parseOptions } from "../rows/options.js";

export const OLLAMA_HOST = "http://127.0.0.1:11434";

/** Semantic embeddings from Ollama; rows are L2-normalised. No retries, as in Python. */
export class OllamaEmbedder implements Embedder {
  readonly semantic = true;
  readonly name: string;
  readonly host: string;

  constructor(
    readonly model: string = OLLAMA_MODEL,
    readonly options: HttpEmbedderOptions = {},
  ) {
    parseOptions(HttpEmbedderOptionsSchema, options, "OllamaEmbedder");
    this.name = `ollama:${model}`;
    this.host = stripSlashes(options.baseUrl ?? OLLAMA_HOST);
  }

  async embed(texts: readonly string[]): Promise<Float64Array[]> {
    const out: unknown[] = [];
    for (let i = 0; i < texts.length; i += EMBED_BATCH) {
      const answer = await postJson(`${this.host}/api/embed`, { model: this.model, input: texts.slice(i, i + EMBED_BATCH) }, {}, this.options);
      const rows = isDict(answer) ? get(answer, "embeddings") : null;
      if (!Array.isArray(rows)) throw new Error(`${this.name} answered without an "embeddings" list`);
      out.push(...rows);
    }
    if (out.length !== texts.length) throw new Error(`${this.name} returned ${out.length} embeddings for ${texts.length} texts`);
    return normalizeRows(out, this.name);
  }
}
