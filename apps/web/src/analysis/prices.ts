/**
 * The bundled price table: USD per 1M input and output tokens, per model, at the vendors' standard
 * list prices for text (no batch, cache or long-context rates). It ships with the page and is
 * never fetched: prices change, so the page names its date and source and lets the user edit it.
 * Cross-checked on 2026-12-03 (this machine cannot reach the vendors' pages) against dated
 * third-party transcriptions of them: they agree on every Anthropic and OpenAI entry but
 * gpt-4-turbo (not found) and on Gemini 2.5 Pro's prompt-up-to-200k rate; the Gemini Flash
 * rates were not found. Models released after the table's month are not in it.
 */

export interface ModelPrice {
  /** USD per 1,000,000 input (prompt) tokens. */
  input: number;
  /** USD per 1,000,000 output (completion) tokens. */
  output: number;
}

export type PriceList = Readonly<Record<string, ModelPrice>>;

export interface PriceTable {
  /** The month the prices were taken as current. */
  date: string;
  source: string;
  models: PriceList;
}

export const DEFAULT_PRICES: PriceTable = {
  date: "2025-10",
  source:
    "the vendors' public pricing pages as of that month (openai.com/api/pricing, anthropic.com/pricing, ai.google.dev/gemini-api/docs/pricing); standard tier, text, without batch, cache or long-context rates",
  models: {
    "gpt-5": { input: 1.25, output: 10 },
    "gpt-5-mini": { input: 0.25, output: 2 },
    "gpt-5-nano": { input: 0.05, output: 0.4 },
    "gpt-4.1": { input: 2, output: 8 },
    "gpt-4.1-mini": { input: 0.4, output: 1.6 },
    "gpt-4.1-nano": { input: 0.1, output: 0.4 },
    "gpt-4o": { input: 2.5, output: 10 },
    "gpt-4o-mini": { input: 0.15, output: 0.6 },
    "gpt-4-turbo": { input: 10, output: 30 },
    "gpt-3.5-turbo": { input: 0.5, output: 1.5 },
    o1: { input: 15, output: 60 },
    o3: { input: 2, output: 8 },
    "o3-mini": { input: 1.1, output: 4.4 },
    "o4-mini": { input: 1.1, output: 4.4 },
    "claude-opus-4-1": { input: 15, output: 75 },
    "claude-opus-4": { input: 15, output: 75 },
    "claude-sonnet-4-5": { input: 3, output: 15 },
    "claude-sonnet-4": { input: 3, output: 15 },
    "claude-haiku-4-5": { input: 1, output: 5 },
    "claude-3-7-sonnet": { input: 3, output: 15 },
    "claude-3-5-sonnet": { input: 3, output: 15 },
    "claude-3-5-haiku": { input: 0.8, output: 4 },
    "claude-3-opus": { input: 15, output: 75 },
    "claude-3-haiku": { input: 0.25, output: 1.25 },
    "gemini-2.5-pro": { input: 1.25, output: 10 },
    "gemini-2.5-flash": { input: 0.3, output: 2.5 },
    "gemini-2.5-flash-lite": { input: 0.1, output: 0.4 },
    "gemini-2.0-flash": { input: 0.1, output: 0.4 },
    "gemini-2.0-flash-lite": { input: 0.075, output: 0.3 },
  },
};

/**
 * The table entry a model name is priced by: the longest name in the table that the model's name
 * is, or starts with followed by "-" (a dated snapshot such as `gpt-4o-2024-08-06`, or
 * `claude-sonnet-4-5-20250929`). A provider prefix (`openai/gpt-4o`, `models/gemini-2.5-pro`) is
 * ignored; case too. Null when no entry fits: such a model has no price, never a price of 0.
 */
export function priceKeyFor(model: string, models: PriceList): string | null {
  const name = model.slice(model.lastIndexOf("/") + 1).trim().toLowerCase();
  let best: string | null = null;
  for (const key of Object.keys(models)) {
    const k = key.trim().toLowerCase();
    if (k === "" || !(name === k || name.startsWith(`${k}-`))) continue;
    if (best === null || k.length > best.trim().length) best = key;
  }
  return best;
}
