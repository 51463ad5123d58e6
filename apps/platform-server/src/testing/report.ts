/** Timing and a one-line report of what a scale test measured, kept in the CI log. */

/** Seconds since `start` (a `performance.now()`). */
export const since = (start: number): number => (performance.now() - start) / 1000;

export function report(line: string): void {
  console.info(`[scale] ${line}`);
}
