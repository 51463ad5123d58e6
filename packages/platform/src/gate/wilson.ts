/** The Wilson score interval that `publish_gate` stamps as `pass_rate_ci95` (platform-and-otel.md §8). */

/** z for a two-sided 95% interval; the conventional 1.96, which a hand computation uses too. */
export const WILSON_Z95 = 1.96;

/**
 * Wilson interval `[lo, hi]` of `passes` out of `n`, clamped to [0, 1]. It stays inside [0, 1] and
 * is honest at 0/n and n/n, where the normal approximation collapses to a point. With no
 * observations nothing is known, so the interval is the whole `[0, 1]` (the reference is silent).
 */
export function wilsonInterval(passes: number, n: number, z: number = WILSON_Z95): [number, number] {
  if (n <= 0) return [0, 1];
  const p = passes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [Math.max(0, center - half), Math.min(1, center + half)];
}
