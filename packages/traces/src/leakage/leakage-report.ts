/** `leakage_report` (traces.md §8.5): how many generated rows copy a trace prompt, and which. */
import { pyIter } from "@whileai/hash-embed/internal";
import type { SyncEmbedderSpec } from "./embedder.js";
import { leakFlags, type LeakageOptions, type LeakageReport } from "./leak-flags.js";

/**
 * `{ n, n_sources, threshold, n_leaky, max_similarity, leaky }` for generated rows (or prompt
 * strings) against sources (rows, prompt strings, one row, or lists of those). A row leaks when
 * its nearest source's cosine, or 1.0 for a case- and whitespace-insensitive exact match, is at
 * least `min(threshold, 1.0)`. Returns a plain report with the default hash embedder (or any
 * synchronous one) and a Promise with an embedder whose `embed` answers with a Promise.
 */
export function leakageReport(generated: unknown, sources: unknown, options?: LeakageOptions & { embedder?: SyncEmbedderSpec }): LeakageReport;
export function leakageReport(generated: unknown, sources: unknown, options?: LeakageOptions): LeakageReport | Promise<LeakageReport>;
export function leakageReport(generated: unknown, sources: unknown, options?: LeakageOptions): LeakageReport | Promise<LeakageReport> {
  const result = leakFlags(Array.from(pyIter(generated)), sources, options, "leakageReport");
  return result instanceof Promise ? result.then(([, report]) => report) : result[1];
}
