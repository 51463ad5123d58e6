/**
 * Worker threads finding nearest sources for chunks of generated prompts. The sources live once
 * in a shared WebAssembly memory (a SharedArrayBuffer); each worker owns one work area in it.
 * Chunks go to the worker with the fewest in flight; the scan applies results in chunk order.
 * The threads come warm from warm-pool.ts and go back to it when the scan ends. They are taken
 * before the sources are read, so that all but one of them can embed generated chunks while the
 * calling thread embeds the sources (`embed`); `begin` hands every worker the sealed sources.
 */
import { rowsBuffers, type EmbeddedRows } from "../scan/embedded-rows.js";
import type { NearestSink } from "../scan/nearest.js";
import type { ChunkRunner, RunnerFactory } from "../scan/scan-leakage.js";
import { acquireWorkers, releaseWorkers } from "./warm-pool.js";
import type { WorkerBegin, WorkerEmbed, WorkerReply, WorkerRequest, WorkerTask } from "./worker-messages.js";

/**
 * Generated rows that may be embedded before the sources are sealed. Each embedded chunk waits
 * on the calling thread until the scan begins (about 0.3 KB a row), so this bounds that memory.
 */
const AHEAD_ROWS = 1 << 16;

interface Pending {
  resolve: (reply: WorkerReply) => void;
  reject: (error: Error) => void;
  /** The worker whose chunk count it holds, or -1 (an embed ahead of the scan counts for none). */
  worker: number;
}

export function workerPool(threads: number): RunnerFactory {
  return (session): ChunkRunner => {
    const memory = session.index.space.memory;
    if (memory === null) throw new Error("worker threads need WebAssembly shared memory");
    const pending = new Map<number, Pending>();
    /** Chunks sent to each worker and not answered yet: the next chunk goes where fewest wait. */
    const busy = new Array<number>(threads).fill(0);
    let nextId = 0;
    let failure: Error | null = null;
    let embeds = 0;

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
        if (p.worker >= 0) busy[p.worker]--;
        if ("error" in reply) p.reject(new Error(`leakage scan worker ${slot}: ${reply.error}`));
        else p.resolve(reply);
      };
      const onError = (error: unknown) => fail(error instanceof Error ? error : new Error(String(error)));
      const onExit = (code: number) => fail(new Error(`leakage scan worker ${slot} exited with code ${code}`));
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      return () => {
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
      };
    });

    /**
     * Posts a request to worker `w` and resolves with its reply. Only chunks to scan count as
     * the worker's load: the replies to embeds wait unread while this thread embeds the
     * sources, and counting them sent the first chunks of a scan all to the embedding worker.
     */
    const ask = (w: number, request: (id: number) => [WorkerRequest, ArrayBuffer[]], counts: boolean): Promise<WorkerReply> => {
      if (failure !== null) return Promise.reject(failure);
      if (counts) busy[w]++;
      const id = nextId++;
      return new Promise<WorkerReply>((resolve, reject) => {
        pending.set(id, { resolve, reject, worker: counts ? w : -1 });
        const [message, transfer] = request(id);
        workers[w].postMessage(message, transfer);
      });
    };
    const leastBusy = () => {
      let w = 0;
      for (let k = 1; k < threads; k++) if (busy[k] < busy[w]) w = k;
      return w;
    };

    return {
      threads,
      depth: threads * 2,
      // One thread is the calling thread's, embedding the sources; with one worker there is no other.
      ahead: threads > 1 ? AHEAD_ROWS : 0,
      async embed(texts) {
        const w = embeds++ % (threads - 1);
        const reply = await ask(w, (id) => [{ type: "embed", id, texts } satisfies WorkerEmbed, []], false);
        return (reply as { rows: EmbeddedRows }).rows;
      },
      begin() {
        const layout = session.index.layout();
        for (const [slot, worker] of workers.entries()) {
          worker.postMessage({ type: "begin", memory, layout, kernel: session.index.kernel, slot } satisfies WorkerBegin);
        }
      },
      async run(chunk) {
        const rows = chunk.embedded === undefined ? undefined : await chunk.embedded;
        const task = (id: number): [WorkerTask, ArrayBuffer[]] => (rows === undefined ? [{ type: "task", id, texts: chunk.texts }, []] : [{ type: "task", id, rows }, rowsBuffers(rows)]);
        const reply = await ask(leastBusy(), task, true);
        const { best, source } = reply as NearestSink;
        return { best, source };
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
