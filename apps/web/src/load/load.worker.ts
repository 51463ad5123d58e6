/// <reference lib="webworker" />
/**
 * Reading and analysing a trace file off the page's thread, so the page answers clicks while a
 * large file is read, and a read can be cancelled at once (`worker.terminate()` on the page side).
 * The rows as read stay here, so other label settings are applied without reading the file again,
 * and so do the analysed rows, so the views' questions about all of them are answered here too.
 */
import { explore, type LabelSettings } from "../analysis/explore.js";
import { RowAnswers } from "../analysis/row-questions.js";
import { spansLookup } from "../analysis/row-spans.js";
import type { SpansByConversation } from "@whileai/ingest";
import { loadError } from "./load-error.js";
import type { Explored, LoadReply, LoadRequest } from "./load-protocol.js";
import { readSource } from "./read-source.js";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: LoadReply) => scope.postMessage(message);

/** The rows (and OpenTelemetry spans) of the last file read with labels: what `relabel` analyses. */
let kept: { rows: unknown[]; spans: SpansByConversation } | null = null;
/** The views' questions about the rows of the last analysis (file or relabel); none after a label error. */
let answers: RowAnswers | null = null;

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

/** Resolves when the page says it took the last batch (a `taken` request). */
let taken: (() => void) | null = null;

/**
 * Sends rows ahead of the reply that carries them, in batches, each once the page took the one
 * before: the page's thread gets room between batches (to draw, answer input and collect garbage)
 * however fast this thread makes them. The reply that follows then carries none.
 */
async function sendAhead<T>(rows: readonly T[]): Promise<T[]> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const took = new Promise<void>((resolve) => (taken = resolve));
    reply({ type: "rows-batch", rows: rows.slice(start, start + BATCH_ROWS) });
    await took;
  }
  return [];
}

/** Keeps the analysed rows for the views' questions, and sends the analyses with the rows ahead. */
async function analysed(rows: readonly unknown[], labels: LabelSettings, spans: SpansByConversation): Promise<Explored> {
  const result = explored(rows, labels);
  answers = "exploration" in result ? new RowAnswers(result.exploration.rows, spansLookup(spans)) : null;
  if (!("exploration" in result)) return result;
  return { exploration: { ...result.exploration, rows: await sendAhead(result.exploration.rows) } };
}

scope.onmessage = async (event: MessageEvent<LoadRequest>) => {
  const request = event.data;
  if (request.type === "taken") {
    taken?.();
    taken = null;
    return;
  }
  // A relabel or question that fails is answered with its error, never left unanswered: the page
  // sends each after the one before, so one that hung would hold up every later one.
  if (request.type === "relabel" || request.type === "ask") {
    try {
      if (request.type === "relabel") {
        if (kept === null) throw new Error("relabel before any file was read");
        reply({ type: "relabelled", explored: await analysed(kept.rows, request.labels, kept.spans) });
      } else {
        if (answers === null) throw new Error("a question about rows with no analysis to answer it (the label settings do not fit the file)");
        reply({ type: "answer", answer: answers.answer(request.question) });
      }
    } catch (error) {
      reply({ type: "error", error: { message: error instanceof Error ? error.message : String(error), source: "" } });
    }
    return;
  }
  kept = null;
  answers = null;
  try {
    const { name, bytes, rows, report, spans } = await readSource(request.name, request.blob, (read, total) => reply({ type: "progress", read, total }));
    const source = { name, bytes, rowCount: rows.length, report };
    if (request.labels === null) {
      reply({ type: "rows", source, rows: await sendAhead(rows) });
      return;
    }
    kept = { rows, spans };
    reply({ type: "explored", source, spans, explored: await analysed(rows, request.labels, spans) });
  } catch (error) {
    reply({ type: "error", error: loadError(error, request.name) });
  }
};
