/** `OpenAIEmbedder` of embeddings.py: `POST {base}/embeddings`, 128 texts a request, 3 attempts. */
import type { Embedder } from "@whileai/hash-embed";
import { get, isDict, sortedBy } from "@whileai/hash-embed/internal";
import { EMBED_BACKOFF_MS, EMBED_BATCH, EMBED_RETRIES, postJson, sleep, stripSlashes, HttpEmbedderOptionsSchema, type HttpEmbedderOptions } from "./http.js";
import { OPENAI_MODEL } from "./http-models.js";
import { normalizeRows } from "./normalize-row.js";
import { parseOptions } from "../rows/options.js";

export const OPENAI_BASE_URL = "https://api.openai.com/v1";

/**
 * Semantic embeddings from the OpenAI API or any compatible server. Python reads the key and
 * base URL from `OPENAI_API_KEY` / `OPENAI_BASE_URL`; this browser-safe class takes them as
 * options (`apiKey`, `baseUrl`) instead.
 */
export class OpenAIEmbedder implements Embedder {
  readonly semantic = true;
  readonly name: string;
  readonly baseUrl: string;

  constructor(
    readonly model: string = OPENAI_MODEL,
    readonly options: HttpEmbedderOptions = {},
  ) {
    parseOptions(HttpEmbedderOptionsSchema, options, "OpenAIEmbedder");
    this.name = `openai:${model}`;
    this.baseUrl = stripSlashes(options.baseUrl ?? OPENAI_BASE_URL);
  }

  async embed(texts: readonly string[]): Promise<Float64Array[]> {
    const out: unknown[] = [];
    for (let i = 0; i < texts.length; i += EMBED_BATCH) out.push(...(await this.batch(texts.slice(i, i + EMBED_BATCH))));
    if (out.length !== texts.length) throw new Error(`${this.name} returned ${out.length} embeddings for ${texts.length} texts`);
    return normalizeRows(out, this.name);
  }

  // Python retries OSError/URLError, which include HTTP error statuses and timeouts, sleeping
  // 1.5 s then 3.0 s; a malformed answer is not retried.
  private async batch(input: string[]): Promise<unknown[]> {
    const headers: Record<string, string> = this.options.apiKey ? { Authorization: `Bearer ${this.options.apiKey}` } : {};
    const delay = this.options.retryDelayMs ?? EMBED_BACKOFF_MS;
    let answer: unknown;
    for (let attempt = 0; ; attempt++) {
      try {
        answer = await postJson(`${this.baseUrl}/embeddings`, { model: this.model, input }, headers, this.options);
        break;
      } catch (error) {
        if (error instanceof SyntaxError || attempt === EMBED_RETRIES - 1) throw error;
        await sleep(delay * (attempt + 1));
      }
    }
    const data = isDict(answer) ? get(answer, "data") : null;
    if (!Array.isArray(data)) throw new Error(`${this.name} answered without a "data" list`);
    const ordered = sortedBy(data, (item) => (isDict(item) && typeof item.index === "number" ? item.index : 0));
    return ordered.map((item) => (isDict(item) ? get(item, "embedding") : null));
  }
}
