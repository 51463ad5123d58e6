/** Options every keyed platform call takes. */
export interface RequestOptions {
  /** API key; otherwise `WHILEAI_DELEGATED_CREDENTIAL`, `WHILEAI_API_KEY`, then the stored login. */
  apiKey?: string | null;
  /** Cancels the request, including retry waits. */
  signal?: AbortSignal;
}
