/** Progress of a running scan: pairs compared (generated rows x sources), rate and time left. */
export interface ScanProgress {
  rowsDone: number;
  /** Null while the generated rows come from an iterable whose length is unknown. */
  rowsTotal: number | null;
  pairsDone: number;
  pairsTotal: number | null;
  pairsPerSecond: number;
  elapsedSeconds: number;
  /** Null when the total is unknown. */
  etaSeconds: number | null;
}

export function progressOf(rowsDone: number, rowsTotal: number | null, sources: number, startedMs: number, nowMs: number): ScanProgress {
  const elapsedSeconds = (nowMs - startedMs) / 1000;
  const pairsDone = rowsDone * sources;
  const pairsTotal = rowsTotal === null ? null : rowsTotal * sources;
  const pairsPerSecond = elapsedSeconds > 0 ? pairsDone / elapsedSeconds : 0;
  const etaSeconds = pairsTotal === null ? null : pairsPerSecond > 0 ? (pairsTotal - pairsDone) / pairsPerSecond : pairsTotal === pairsDone ? 0 : null;
  return { rowsDone, rowsTotal, pairsDone, pairsTotal, pairsPerSecond, elapsedSeconds, etaSeconds };
}
