/** Messages between the Node scan and its worker threads. */
import type { WasmMemory } from "../scan/byte-space.js";
import type { SourceLayout } from "../scan/source-store.js";

export interface WorkerSetup {
  memory: WasmMemory;
  layout: SourceLayout;
  kernel: "wasm" | "ts";
  /** The work area this worker owns in the shared memory. */
  slot: number;
}

export interface WorkerTask {
  id: number;
  texts: string[];
}

export type WorkerReply = { id: number; best: Float64Array; source: Int32Array } | { id: number; error: string };
