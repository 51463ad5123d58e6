/** Samples the process's memory while something runs, to check a transfer stays flat. */

export interface MemoryPeak {
  /** Highest RSS seen minus RSS at the start, in bytes. */
  rssGrowth: number;
  /** Highest heap + external (Buffers included) seen minus the same at the start, in bytes. */
  jsGrowth: number;
  /** Highest RSS seen, in bytes. */
  peakRss: number;
}

// Heap alone misses Buffers, which live outside it (`external` counts them): a buffered upload shows there.
function jsBytes(m: NodeJS.MemoryUsage): number {
  return m.heapUsed + m.external;
}

/** Runs `work` while sampling `process.memoryUsage()` every `everyMs`; returns its result and the peaks. */
export async function withMemorySampling<T>(work: () => Promise<T>, everyMs = 25): Promise<{ result: T; peak: MemoryPeak }> {
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakJs = jsBytes(start);
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakJs = Math.max(peakJs, jsBytes(m));
  };
  const timer = setInterval(sample, everyMs);
  try {
    const result = await work();
    sample();
    return { result, peak: { rssGrowth: peakRss - start.rss, jsGrowth: peakJs - jsBytes(start), peakRss } };
  } finally {
    clearInterval(timer);
  }
}
