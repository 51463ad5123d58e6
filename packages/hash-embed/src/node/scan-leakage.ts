/** `scanLeakage` with worker threads: the Node form of the scan. */
import { availableParallelism } from "node:os";
import { inThreadRunner, runScan } from "../scan/scan-leakage.js";
import type { ScanLeakageOptions } from "../scan/options.js";
import type { LeakageScan } from "../scan/result.js";
import { workerPool } from "./worker-pool.js";

/**
 * `scanLeakage` of the main entry, plus `threads` (default: the machine's available
 * parallelism): sources are embedded once into shared memory and the generated prompts are
 * scanned by that many worker threads. `threads: 1` scans on the calling thread.
 */
export function scanLeakage(generated: unknown, sources: unknown, options?: ScanLeakageOptions): Promise<LeakageScan> {
  try {
    const threads = options?.threads ?? availableParallelism();
    if (!Number.isSafeInteger(threads) || threads < 1) throw new TypeError(`scanLeakage: threads must be an integer >= 1, got ${String(threads)}`);
    const opts = { ...options, threads };
    return threads === 1 ? runScan(generated, sources, opts, inThreadRunner, 1) : runScan(generated, sources, opts, workerPool(threads), threads);
  } catch (error) {
    return Promise.reject(error);
  }
}
