/**
 * The user's price table, kept in this browser's localStorage (nothing leaves the page): the
 * bundled table until the user edits it, then the edited one. Every view reading prices shares
 * it, so an edit on one tab changes the cost shown on all.
 */
import { useEffect, useState } from "preact/hooks";
import { DEFAULT_PRICES, type ModelPrice, type PriceList } from "../analysis/prices.js";

export const PRICES_STORAGE_KEY = "whileai-explorer.prices.v1";

const listeners = new Set<(prices: PriceList) => void>();
let current: PriceList | undefined;

/** The stored table when it reads as one, else the bundled table. */
export function storedPrices(): PriceList {
  if (current !== undefined) return current;
  current = DEFAULT_PRICES.models;
  try {
    const text = globalThis.localStorage?.getItem(PRICES_STORAGE_KEY);
    if (text) {
      const parsed = parsePrices(JSON.parse(text));
      if (parsed !== null) current = parsed;
    }
  } catch {
    // Storage blocked (private mode) or a table another version wrote: the bundled table stands.
  }
  return current;
}

/** A stored value as a price table, or null when any entry is not two non-negative numbers. */
export function parsePrices(value: unknown): PriceList | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const out: Record<string, ModelPrice> = {};
  for (const [model, price] of Object.entries(value as Record<string, unknown>)) {
    const p = price as Partial<ModelPrice> | null;
    if (p === null || typeof p !== "object" || !validRate(p.input) || !validRate(p.output)) return null;
    out[model] = { input: p.input, output: p.output };
  }
  return out;
}

export function validRate(n: unknown): n is number {
  return typeof n === "number" && Number.isFinite(n) && n >= 0;
}

/** Replaces the table; `null` goes back to the bundled one (and forgets the edits). */
export function setPrices(next: PriceList | null): void {
  current = next ?? DEFAULT_PRICES.models;
  try {
    if (next === null) globalThis.localStorage?.removeItem(PRICES_STORAGE_KEY);
    else globalThis.localStorage?.setItem(PRICES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Not kept past this page, but used while it is open.
  }
  for (const listener of listeners) listener(current);
}

/** True when the table in use is not the bundled one. */
export function pricesEdited(prices: PriceList): boolean {
  return JSON.stringify(prices) !== JSON.stringify(DEFAULT_PRICES.models);
}

export function usePrices(): PriceList {
  const [prices, setState] = useState(storedPrices);
  useEffect(() => {
    listeners.add(setState);
    return () => void listeners.delete(setState);
  }, []);
  return prices;
}
