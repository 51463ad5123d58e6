/** `scanLeakage` with worker threads: the Node form of the scan. */
import { availableParallelism } from "node:os";
import { knownLength } from "../scan/inputs.js";
import { inThreadRunner, runScan } from "../scan/scan-leakage.js";
import type { ScanLeakageOptions } from "../scan/options.js";
import type { LeakageScan } from "../scan/result.js";
import { workerPool } from "./worker-pool.js";

/**
 * Below this many pairs the calling thread finishes sooner than handing chunks to threads
 * (posting the setup and the prompts, and the workers' own cold embedder caches, cost more than
 * the scan itself): measured with bench/leakage-peer.mjs's small scans.
 */
export const IN_THREAD_PAIRS = 4_000_000;

/** Pairs when both inputs are arrays (the only case known before reading them), else null. */
function knownPairs(generated: unknown, sources: unknown, shardCount: number): number | null {
  const g = knownLength(generated);
  const s = knownLength(sources);
  return g === null || s === null ? null : Math.ceil(g / shardCount) * s;
}

/**
 * `scanLeakage` of the main entry, plus `threads` (default: the machine's available
 * parallelism): sources are embedded once into shared memory and the generated prompts are
 * scanned by that many worker threads, kept warm between calls. `threads: 1`, and inputs
 * known to be small, scan on the calling thread (the result's `threads` says which ran).
 */
export function scanLeakage(generated: unknown, sources: unknown, options?: ScanLeakageOptions): Promise<LeakageScan> {
  try {
    const threads = options?.threads ?? availableParallelism();
    if (!Number.isSafeInteger(threads) || threads < 1) throw new TypeError(`scanLeakage: threads must be an integer >= 1, got ${String(threads)}`);
    const opts = { ...options, threads };
    const pairs = knownPairs(generated, sources, typeof options?.shard?.count === "number" ? options.shard.count : 1);
    const inThread = threads === 1 || (pairs !== null && pairs < IN_THREAD_PAIRS);
    return inThread ? runScan(generated, sources, { ...opts, threads: 1 }, inThreadRunner, 1) : runScan(generated, sources, opts, workerPool(threads), threads);
  } catch (error) {
    return Promise.reject(error);
  }
}
