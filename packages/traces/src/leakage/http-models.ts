/** The models Python's `openai` and `ollama` embedder names default to (embeddings.py). */
export const OPENAI_MODEL = "text-embedding-3-small";
export const OLLAMA_MODEL = "nomic-embed-text";
