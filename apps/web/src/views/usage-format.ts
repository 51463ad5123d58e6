/** How durations, token counts and costs read on the page; a missing value is "–" or "no price", never 0. */
import { count } from "./format.js";

export function duration(ms: number | null): string {
  if (ms === null) return "–";
  if (ms < 1) return `${(ms * 1000).toFixed(0)} µs`;
  if (ms < 1000) return `${Number(ms.toFixed(1)).toLocaleString("en-US")} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${count(minutes)} min ${((ms - minutes * 60_000) / 1000).toFixed(0)} s`;
}

export function tokens(n: number | null): string {
  return n === null ? "–" : count(n);
}

/** USD with four significant digits below a cent, else cents. */
export function usd(n: number | null): string {
  if (n === null) return "no price";
  if (n === 0) return "$0.00";
  if (n < 1e-6) return "< $0.000001";
  if (n < 0.01) return `$${n.toPrecision(3)}`;
  return `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
}
