// Number formatting and medians shared by the benchmarks.

/** `x` with thousands separators and exactly `digits` decimals. */
export const fmt = (x, digits = 0) => x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The middle value; for an even count, the mean of the middle two. */
export function median(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
