/**
 * Worker threads finding nearest sources for chunks of generated prompts. The sources live once
 * in a shared WebAssembly memory (a SharedArrayBuffer); each worker owns one work area in it.
 * Chunks go to the worker with the fewest in flight; the scan applies results in chunk order.
 * The threads come warm from warm-pool.ts and go back to it when the scan ends.
 */
import type { ChunkRunner, RunnerFactory } from "../scan/scan-leakage.js";
import type { NearestSink } from "../scan/nearest.js";
import { acquireWorkers, releaseWorkers } from "./warm-pool.js";
import type { WorkerBegin, WorkerReply, WorkerRequest, WorkerTask } from "./worker-messages.js";

interface Pending {
  resolve: (sink: NearestSink) => void;
  reject: (error: Error) => void;
  worker: number;
}

export function workerPool(threads: number): RunnerFactory {
  return (session): ChunkRunner => {
    const memory = session.index.space.memory;
    if (memory === null) throw new Error("worker threads need WebAssembly shared memory");
    const layout = session.index.layout();
    const pending = new Map<number, Pending>();
    const busy = new Array<number>(threads).fill(0);
    let nextId = 0;
    let failure: Error | null = null;

    const fail = (error: Error) => {
      failure ??= error;
      for (const p of pending.values()) p.reject(failure);
      pending.clear();
    };
    const workers = acquireWorkers(threads);
    const detach = workers.map((worker, slot) => {
      const onMessage = (reply: WorkerReply) => {
        const p = pending.get(reply.id);
        if (p === undefined) return;
        pending.delete(reply.id);
        busy[p.worker]--;
        if ("error" in reply) p.reject(new Error(`leakage scan worker ${slot}: ${reply.error}`));
        else p.resolve({ best: reply.best, source: reply.source });
      };
      const onError = (error: unknown) => fail(error instanceof Error ? error : new Error(String(error)));
      const onExit = (code: number) => fail(new Error(`leakage scan worker ${slot} exited with code ${code}`));
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      const begin: WorkerBegin = { type: "begin", memory, layout, kernel: session.index.kernel, slot };
      worker.postMessage(begin satisfies WorkerRequest);
      return () => {
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
      };
    });

    return {
      threads,
      depth: threads * 2,
      run(chunk) {
        if (failure !== null) return Promise.reject(failure);
        let w = 0;
        for (let k = 1; k < threads; k++) if (busy[k] < busy[w]) w = k;
        busy[w]++;
        const id = nextId++;
        return new Promise<NearestSink>((resolve, reject) => {
          pending.set(id, { resolve, reject, worker: w });
          const task: WorkerTask = { type: "task", id, texts: chunk.texts };
          workers[w].postMessage(task satisfies WorkerRequest);
        });
      },
      async close() {
        for (const d of detach) d();
        // Chunks still running (an abort) or a failed worker: those threads are stopped, not reused.
        const dirty = failure !== null || pending.size > 0;
        for (const p of pending.values()) p.reject(new Error("leakage scan stopped"));
        pending.clear();
        if (dirty) {
          await Promise.all(workers.map((worker) => worker.terminate()));
          return;
        }
        for (const worker of workers) worker.postMessage({ type: "end" } satisfies WorkerRequest);
        releaseWorkers(workers);
      },
    };
  };
}
