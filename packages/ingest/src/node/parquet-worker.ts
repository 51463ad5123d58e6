/**
 * A worker thread that decodes a Parquet file's row groups for the thread reading it. hyparquet's
 * assembly of nested columns makes garbage many times the size of the rows; in a heap of its own,
 * capped by the worker's resourceLimits, V8 collects it early, where the reading thread's heap
 * would grow with it (the 1 GiB bench: 598 MiB peak in one thread).
 */
import { parentPort, workerData } from "node:worker_threads";
import { TraceReadError } from "../errors.js";
import { parquetRowGroups } from "../tabular/parquet.js";
import { fileAccess } from "./file-access.js";
import { NEXT_GROUP, type ParquetWorkerData, type ParquetWorkerMessage } from "./parquet-messages.js";

const port = parentPort!;
const { fd, byteLength, name, fromGroup } = workerData as ParquetWorkerData;

// The file the reading thread opened, through its descriptor.
const file = fileAccess(fd, byteLength, name);

// One row group may wait in the reading thread at a time: the next is decoded meanwhile.
let credit = 1;
let wake: (() => void) | undefined;
port.on("message", (message) => {
  if (message !== NEXT_GROUP) return;
  credit++;
  wake?.();
});
const send = (message: ParquetWorkerMessage) => port.postMessage(message);

try {
  for await (const group of parquetRowGroups(file, name, fromGroup)) {
    while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
    credit--;
    // A thrown value goes across as an Error (the structured clone of anything else may fail).
    if ("error" in group) group.cause = group.cause instanceof Error ? group.cause : new Error(String(group.cause));
    send({ type: "group", group });
  }
  send({ type: "end" });
} catch (error) {
  if (TraceReadError.isInstance(error)) send({ type: "unreadable", reason: error.message.slice(`${name}: `.length) });
  else send({ type: "failed", message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });
}
