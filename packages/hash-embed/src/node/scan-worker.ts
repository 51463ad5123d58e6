/**
 * A worker thread of the Node scan: it sees the sources through the shared memory the main
 * thread built, and finds nearest sources for the chunks of generated prompts it is sent.
 */
import { parentPort, workerData } from "node:worker_threads";
import { ByteSpace } from "../scan/byte-space.js";
import { createKernel } from "../scan/kernel.js";
import { workerFinder } from "../scan/leakage-index.js";
import { sinkFor } from "../scan/session.js";
import type { WorkerSetup, WorkerTask } from "./worker-messages.js";

const setup = workerData as WorkerSetup;
const space = ByteSpace.of(setup.memory);
const finder = workerFinder(space, setup.layout, createKernel(setup.kernel, space), setup.slot);

parentPort?.on("message", (task: WorkerTask) => {
  try {
    const sink = sinkFor(task.texts.length);
    finder.find(task.texts, sink);
    parentPort?.postMessage({ id: task.id, best: sink.best, source: sink.source }, [sink.best.buffer as ArrayBuffer, sink.source.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id: task.id, error: error instanceof Error ? error.message : String(error) });
  }
});
