/**
 * The page's handle on one leakage scan in a Web Worker: progress as it runs, the outcome, and
 * `cancel()`, which terminates the worker (a scan's chunk can take a while on the TS kernel, so
 * an abort flag checked between chunks would not be immediate).
 */
import type { KernelChoice, ScanProgress } from "@whileai/hash-embed";
import type { ScanOutcome, ScanReply, ScanRequest } from "./protocol.js";

export class ScanCancelled extends Error {
  override readonly name = "ScanCancelled";
  constructor() {
    super("scan cancelled");
  }
}

export interface RunningScan {
  /** Settles with the outcome, or rejects with ScanCancelled or the worker's error. */
  readonly done: Promise<ScanOutcome>;
  cancel(): void;
}

export interface ScanInput {
  generated: string[];
  sources: string[];
  kernel: KernelChoice;
  threshold: number;
  onProgress: (progress: ScanProgress) => void;
}

export function startScan(input: ScanInput): RunningScan {
  const worker = new Worker(new URL("./scan.worker.ts", import.meta.url), { type: "module", name: "leakage-scan" });
  let settle: { resolve: (o: ScanOutcome) => void; reject: (e: Error) => void } | null = null;
  const done = new Promise<ScanOutcome>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const finish = (outcome: ScanOutcome | Error) => {
    worker.terminate();
    if (settle === null) return;
    const { resolve, reject } = settle;
    settle = null;
    if (outcome instanceof Error) reject(outcome);
    else resolve(outcome);
  };
  worker.onmessage = (event: MessageEvent<ScanReply>) => {
    const message = event.data;
    if (message.type === "progress") input.onProgress(message.progress);
    else if (message.type === "done") finish(message.outcome);
    else if (message.type === "error") finish(new Error(message.message));
  };
  worker.onerror = (event) => finish(new Error(`the scan worker failed: ${event.message || "could not load it"}`));
  const request: ScanRequest = { type: "scan", generated: input.generated, sources: input.sources, kernel: input.kernel, threshold: input.threshold };
  worker.postMessage(request);
  return { done, cancel: () => finish(new ScanCancelled()) };
}
