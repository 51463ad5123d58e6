/**
 * Worker threads finding nearest sources for chunks of generated prompts. The sources live once
 * in a shared WebAssembly memory (a SharedArrayBuffer); each worker owns one work area in it.
 * Chunks go to the worker with the fewest in flight; the scan applies results in chunk order.
 */
import { Worker } from "node:worker_threads";
import type { ChunkRunner, RunnerFactory } from "../scan/scan-leakage.js";
import type { NearestSink } from "../scan/nearest.js";
import type { WorkerReply, WorkerSetup } from "./worker-messages.js";

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
    const workers = Array.from({ length: threads }, (_, slot) => {
      const setup: WorkerSetup = { memory, layout, kernel: session.index.kernel, slot };
      const worker = new Worker(new URL("./scan-worker.js", import.meta.url), { workerData: setup });
      worker.on("message", (reply: WorkerReply) => {
        const p = pending.get(reply.id);
        if (p === undefined) return;
        pending.delete(reply.id);
        busy[p.worker]--;
        if ("error" in reply) p.reject(new Error(`leakage scan worker ${slot}: ${reply.error}`));
        else p.resolve({ best: reply.best, source: reply.source });
      });
      worker.on("error", (error) => fail(error instanceof Error ? error : new Error(String(error))));
      worker.on("exit", (code) => {
        if (code !== 0) fail(new Error(`leakage scan worker ${slot} exited with code ${code}`));
      });
      return worker;
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
          workers[w].postMessage({ id, texts: chunk.texts });
        });
      },
      async close() {
        for (const p of pending.values()) p.reject(new Error("leakage scan stopped"));
        pending.clear();
        await Promise.all(workers.map((worker) => worker.terminate()));
      },
    };
  };
}
