/** Messages between the Node scan and its worker threads. */
import type { WasmMemory } from "../scan/byte-space.js";
import type { EmbeddedRows } from "../scan/embedded-rows.js";
import type { SourceLayout } from "../scan/source-store.js";

/** Starts a scan on a worker: the shared memory holding its sources, and the work area it owns. */
export interface WorkerBegin {
  type: "begin";
  memory: WasmMemory;
  layout: SourceLayout;
  kernel: "wasm" | "ts";
  slot: number;
}

/** Embeds a chunk's prompts and sends them back, before its scan has begun. */
export interface WorkerEmbed {
  type: "embed";
  id: number;
  texts: string[];
}

/** Finds the nearest sources of a chunk's prompts, or of a chunk embedded already. */
export interface WorkerTask {
  type: "task";
  id: number;
  texts?: string[];
  rows?: EmbeddedRows;
}

/** Ends the worker's scan: it lets go of that scan's memory and waits, warm, for the next one. */
export interface WorkerEnd {
  type: "end";
}

export type WorkerRequest = WorkerBegin | WorkerEmbed | WorkerTask | WorkerEnd;

export type WorkerReply = { id: number; best: Float64Array; source: Int32Array } | { id: number; rows: EmbeddedRows } | { id: number; error: string };
