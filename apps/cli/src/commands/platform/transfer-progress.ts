/**
 * The progress bar of `wai push` and `wai pull` (cli-progress, on stderr): bytes, rate and ETA when
 * the size is known (uploads), bytes and rate when it is not (a download grant states no size).
 * Only on a terminal: piped or in CI, nothing is drawn and the summary line says what moved.
 */
import cliProgress from "cli-progress";
import type { Progress, ProgressCallback } from "@whileai/platform/node";
import { formatBytes } from "./format.js";

export interface TransferProgress {
  /** Undefined when no bar is drawn, so the client does not even count. */
  onProgress: ProgressCallback | undefined;
  stop(): void;
}

export function transferProgress(label: string, enabled = process.stderr.isTTY === true): TransferProgress {
  if (!enabled) return { onProgress: undefined, stop() {} };
  const started = performance.now();
  let bar: cliProgress.SingleBar | null = null;
  const payload = (p: Progress) => {
    const seconds = (performance.now() - started) / 1000;
    return { moved: formatBytes(p.bytes), size: p.total === null ? "?" : formatBytes(p.total), rate: `${formatBytes(seconds > 0 ? Math.round(p.bytes / seconds) : 0)}/s` };
  };
  return {
    onProgress(p) {
      if (bar === null) {
        const known = p.total !== null;
        bar = new cliProgress.SingleBar({
          stream: process.stderr,
          format: known ? `${label} [{bar}] {percentage}% | {moved} of {size} | {rate} | ETA {eta_formatted}` : `${label} {moved} | {rate}`,
          hideCursor: true,
          clearOnComplete: true,
          etaBuffer: 20,
        });
        bar.start(p.total ?? 0, 0, payload(p));
      }
      bar.update(p.bytes, payload(p));
    },
    stop() {
      bar?.stop();
    },
  };
}
