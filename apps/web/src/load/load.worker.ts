/// <reference lib="webworker" />
/**
 * Reading and analysing a trace file off the page's thread, so the page answers clicks while a
 * large file is read, and a read can be cancelled at once (`worker.terminate()` on the page side).
 * The rows as read stay here, so other label settings are applied without reading the file again.
 */
import { explore, type LabelSettings } from "../analysis/explore.js";
import { loadError } from "./load-error.js";
import type { Explored, LoadReply, LoadRequest } from "./load-protocol.js";
import { readSource } from "./read-source.js";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: LoadReply) => scope.postMessage(message);

/** The rows of the last file read with labels: what `relabel` analyses. */
let kept: unknown[] | null = null;

function explored(rows: readonly unknown[], labels: LabelSettings): Explored {
  try {
    return { exploration: explore(rows, labels) };
  } catch (error) {
    // The file read, but the label settings do not fit it (e.g. a bad label column).
    return { labelError: error instanceof Error ? error.message : String(error) };
  }
}

/** Rows per `rows-batch` reply: a few milliseconds of the page's thread to take in. */
const BATCH_ROWS = 2000;

/** Sends an exploration's rows ahead in batches; what is left to send is the exploration without them. */
function inBatches(result: Explored): Explored {
  if (!("exploration" in result)) return result;
  const { rows } = result.exploration;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) reply({ type: "rows-batch", rows: rows.slice(start, start + BATCH_ROWS) });
  return { exploration: { ...result.exploration, rows: [] } };
}

scope.onmessage = async (event: MessageEvent<LoadRequest>) => {
  const request = event.data;
  if (request.type === "relabel") {
    if (kept === null) throw new Error("relabel before any file was read");
    reply({ type: "relabelled", explored: explored(kept, request.labels) });
    return;
  }
  kept = null;
  try {
    const { name, bytes, rows, report, spans } = await readSource(request.name, request.blob, (read, total) => reply({ type: "progress", read, total }));
    const source = { name, bytes, rowCount: rows.length, report };
    if (request.labels === null) {
      reply({ type: "rows", source, rows });
      return;
    }
    kept = rows;
    reply({ type: "explored", source, spans, explored: inBatches(explored(rows, request.labels)) });
  } catch (error) {
    reply({ type: "error", error: loadError(error, request.name) });
  }
};
