/** `drop_leaky_rows` (traces.md §8.6): the leakage gate applied to generated rows. */
import { pyIter } from "@whileai/hash-embed/internal";
import type { SyncEmbedderSpec } from "./embedder.js";
import { leakFlags, type LeakageOptions, type LeakageReport } from "./leak-flags.js";

/** The leakage report plus how many rows were dropped. */
export interface DropReport extends LeakageReport {
  n_dropped: number;
}

/**
 * `[kept, report]`: the rows not flagged by `leakageReport`'s rule, in order, and its report
 * with `n_dropped` added. Any row shape is judged on its own text and kept unless flagged.
 * Synchronous with the hash embedder; a Promise with an asynchronous one.
 */
export function dropLeakyRows<T>(rows: Iterable<T>, sources: unknown, options?: LeakageOptions & { embedder?: SyncEmbedderSpec }): [T[], DropReport];
export function dropLeakyRows<T>(rows: Iterable<T>, sources: unknown, options?: LeakageOptions): [T[], DropReport] | Promise<[T[], DropReport]>;
export function dropLeakyRows(rows: unknown, sources: unknown, options?: LeakageOptions): [unknown[], DropReport] | Promise<[unknown[], DropReport]>;
export function dropLeakyRows(rows: unknown, sources: unknown, options?: LeakageOptions): [unknown[], DropReport] | Promise<[unknown[], DropReport]> {
  const items = Array.from(pyIter(rows));
  const finish = ([flags, report]: [boolean[], LeakageReport]): [unknown[], DropReport] => {
    const kept = items.filter((_, i) => !flags[i]);
    return [kept, { ...report, n_dropped: items.length - kept.length }];
  };
  const result = leakFlags(items, sources, options, "dropLeakyRows");
  return result instanceof Promise ? result.then(finish) : finish(result);
}
