/**
 * A worker thread of the Node scan. It stays alive between scans (warm-pool.ts): each scan
 * begins with the shared memory its main thread built, then sends chunks of generated prompts,
 * then ends. The compiled kernel and the embedder's token caches carry over from scan to scan.
 * Before a scan begins, while the main thread is still embedding the sources, a worker may be
 * asked to embed chunks and send them back; any worker scans them once the scan has begun.
 */
import { parentPort } from "node:worker_threads";
import { ByteSpace } from "../scan/byte-space.js";
import { createEmbedder } from "../scan/text-counts.js";
import { embedRows, rowsBuffers } from "../scan/embedded-rows.js";
import { createKernel } from "../scan/kernel.js";
import { workerFinder } from "../scan/leakage-index.js";
import type { NearestFinder } from "../scan/nearest.js";
import { sinkFor } from "../scan/session.js";
import type { WorkerRequest } from "./worker-messages.js";

const embedder = createEmbedder();
let finder: NearestFinder | null = null;

parentPort?.on("message", (request: WorkerRequest) => {
  if (request.type === "begin") {
    const space = ByteSpace.of(request.memory);
    finder = workerFinder(space, request.layout, createKernel(request.kernel, space), request.slot, embedder);
    return;
  }
  if (request.type === "end") {
    finder = null;
    return;
  }
  try {
    if (request.type === "embed") {
      const rows = embedRows(embedder, request.texts);
      parentPort?.postMessage({ id: request.id, rows }, rowsBuffers(rows));
      return;
    }
    if (finder === null) throw new Error("a chunk arrived before its scan began");
    const rows = request.rows ?? embedRows(embedder, request.texts ?? []);
    const sink = sinkFor(rows.rowOf.length);
    finder.scan(rows, sink);
    parentPort?.postMessage({ id: request.id, best: sink.best, source: sink.source }, [sink.best.buffer as ArrayBuffer, sink.source.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
