/**
 * Scan worker threads kept warm between scans, so a small scan pays no thread start-up, module
 * load or kernel compile. Idle workers are unref'd (an idle pool never keeps the process alive)
 * and ref'd again while a scan uses them. A worker that failed, or was still busy when its scan
 * stopped (an abort), is terminated rather than returned.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

const idle: Worker[] = [];

function spawn(): Worker {
  const worker = new Worker(new URL("./scan-worker.js", import.meta.url));
  // An idle worker that dies leaves the pool; a busy one is reported by its scan's own listeners.
  worker.on("exit", () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  worker.on("error", () => undefined);
  return worker;
}

/** `n` workers for one scan, warm ones first; they keep the process alive until released. */
export function acquireWorkers(n: number): Worker[] {
  const workers = idle.splice(Math.max(0, idle.length - n), n);
  while (workers.length < n) workers.push(spawn());
  for (const worker of workers) worker.ref();
  return workers;
}

/** Back to the pool after a scan ended cleanly (its "end" message already posted). */
export function releaseWorkers(workers: readonly Worker[]): void {
  for (const worker of workers) {
    // More idle threads than cores would only hold memory: those are stopped.
    if (idle.length >= availableParallelism()) {
      void worker.terminate();
      continue;
    }
    worker.unref();
    idle.push(worker);
  }
}

/** Idle workers, for tests. */
export function idleWorkers(): number {
  return idle.length;
}
