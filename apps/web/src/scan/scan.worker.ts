/// <reference lib="webworker" />
/**
 * The leakage scan off the page's thread: `scanLeakage` from the browser entry of
 * `@whileai/hash-embed` (WebAssembly SIMD kernel, or the TypeScript one where SIMD is missing).
 * Cancelling is `worker.terminate()` on the page side: immediate, even in the middle of a chunk.
 */
import { scanLeakage } from "@whileai/hash-embed";
import type { ScanReply, ScanRequest } from "./protocol.js";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: ScanReply, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.onmessage = async (event: MessageEvent<ScanRequest>) => {
  const { generated, sources, kernel, threshold } = event.data;
  try {
    const scan = await scanLeakage(generated, sources, {
      kernel,
      threshold,
      onProgress: (progress) => reply({ type: "progress", progress }),
    });
    const { report, flags, sources: nearest, similarities, timings } = scan;
    reply({ type: "done", outcome: { report, flags, sources: nearest, similarities, kernel: scan.kernel, timings } }, [flags.buffer, nearest.buffer, similarities.buffer]);
  } catch (error) {
    reply({ type: "error", message: error instanceof Error ? error.message : String(error) });
  }
};
