/**
 * A Parquet file read through a worker thread (parquet-worker.ts) that decodes its row groups,
 * one ahead of the rows this thread is loading, in a heap capped by resourceLimits. A worker that
 * runs out of that heap (a row group larger than the cap allows) is started again at the same row
 * group with twice the cap; past this thread's own heap limit the rest is read in this thread, as
 * a browser reads it. No row is lost or read twice: a row group is taken only whole.
 */
import { Worker } from "node:worker_threads";
import { getHeapStatistics } from "node:v8";
import type { AsyncBuffer } from "hyparquet";
import { TraceReadError } from "../errors.js";
import { parquetRowGroups, takeRowGroup } from "../tabular/parquet.js";
import type { TableContext } from "../tabular/table-source.js";
import { NEXT_GROUP, type ParquetWorkerData, type ParquetWorkerMessage } from "./parquet-messages.js";

/**
 * The worker's first old-generation cap, in MiB: about ten times what a 10,000-row group of agent
 * traces keeps live. Over 4,000,000 such rows the process peaked at 289 MiB with 128, 348 with 256
 * (and 445 reading in one thread).
 */
export const PARQUET_WORKER_HEAP_MIB = 128;

export interface ParquetThreadOptions {
  /** The first cap (default PARQUET_WORKER_HEAP_MIB); the tests start low to see a worker run out. */
  heapMiB?: number;
  /** Told when a worker ran out of its heap and is started again, at `fromGroup` with `heapMiB`, or in this thread (`heapMiB` undefined). */
  onRestart?: (restart: { fromGroup: number; heapMiB: number | undefined }) => void;
}

/** Reads the Parquet file open at `fd` (the same bytes as `access`) into the front door. */
export async function readParquetInWorker(fd: number, access: AsyncBuffer, ctx: TableContext, options: ParquetThreadOptions = {}): Promise<void> {
  const ceiling = getHeapStatistics().heap_size_limit / 2 ** 20;
  let heapMiB = options.heapMiB ?? PARQUET_WORKER_HEAP_MIB;
  let next = 0;
  for (;;) {
    const outcome = await runWorker({ fd, byteLength: access.byteLength, name: ctx.name, fromGroup: next }, heapMiB, ctx);
    if (outcome.done) return;
    next = outcome.next;
    heapMiB *= 2;
    if (heapMiB > ceiling) break;
    options.onRestart?.({ fromGroup: next, heapMiB });
  }
  options.onRestart?.({ fromGroup: next, heapMiB: undefined });
  for await (const group of parquetRowGroups(access, ctx.name, next)) {
    ctx.signal?.throwIfAborted();
    await takeRowGroup(group, ctx);
  }
}

/** One worker from `data.fromGroup` on: done, or out of memory with the first row group it did not deliver. */
async function runWorker(data: ParquetWorkerData, heapMiB: number, ctx: TableContext): Promise<{ done: true } | { done: false; next: number }> {
  const worker = new Worker(new URL("./parquet-worker.js", import.meta.url), { workerData: data, resourceLimits: { maxOldGenerationSizeMb: heapMiB } });
  const inbox: ParquetWorkerMessage[] = [];
  let stopped: Error | undefined;
  let wake: (() => void) | undefined;
  const stop = (error: Error) => {
    stopped ??= error;
    wake?.();
  };
  worker.on("message", (message: ParquetWorkerMessage) => {
    inbox.push(message);
    wake?.();
  });
  worker.on("error", stop);
  worker.on("exit", (code) => stop(new Error(`the Parquet worker thread exited with code ${code}`)));
  const abort = () => stop(ctx.signal!.reason as Error);
  ctx.signal?.addEventListener("abort", abort, { once: true });
  let next = data.fromGroup;
  try {
    for (;;) {
      ctx.signal?.throwIfAborted();
      const message = inbox.shift();
      if (message === undefined) {
        if (stopped !== undefined) {
          if ((stopped as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY") return { done: false, next };
          throw stopped;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      if (message.type === "end") return { done: true };
      if (message.type === "unreadable") throw new TraceReadError(ctx.name, message.reason);
      if (message.type === "failed") throw Object.assign(new Error(`reading ${ctx.name} in a worker thread: ${message.message}`), { stack: message.stack });
      await takeRowGroup(message.group, ctx);
      next = message.group.index + 1;
      worker.postMessage(NEXT_GROUP);
    }
  } finally {
    ctx.signal?.removeEventListener("abort", abort);
    await worker.terminate();
  }
}
