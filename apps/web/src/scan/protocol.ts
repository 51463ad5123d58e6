/** Messages between the page and the leakage-scan worker. */
import type { KernelChoice, LeakageReport, ScanProgress, ScanTimings } from "@whileai/hash-embed";

export interface ScanRequest {
  type: "scan";
  /** Prompts of the generated rows, in row order (`promptOf` of each row). */
  generated: string[];
  sources: string[];
  kernel: KernelChoice;
  threshold: number;
}

/** The scan's per-row outputs (typed arrays, transferred) and its report. */
export interface ScanOutcome {
  report: LeakageReport;
  flags: Uint8Array;
  sources: Int32Array;
  similarities: Float64Array;
  kernel: "wasm" | "ts";
  timings: ScanTimings;
}

export type ScanReply =
  | { type: "progress"; progress: ScanProgress }
  | { type: "done"; outcome: ScanOutcome }
  | { type: "error"; message: string };
