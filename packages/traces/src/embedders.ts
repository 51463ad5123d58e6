/**
 * `@whileai/traces/embedders`: the OpenAI and Ollama embedders of the Python SDK's embeddings.py,
 * over HTTP. Analysis in the main entry makes no network calls; pass one of these as the
 * `embedder` option of `leakageReport` or `dropLeakyRows` (they then answer with a Promise).
 * Each takes its base URL, key and `fetch` (default: the global one) in its options and reads no
 * environment variables, so it runs in browsers, workers and Node alike.
 */
export { OpenAIEmbedder } from "./leakage/openai-embedder.js";
export { OllamaEmbedder } from "./leakage/ollama-embedder.js";
export { EmbedHttpError } from "./leakage/http.js";
export type { HttpEmbedderOptions } from "./leakage/http.js";
