/**
 * The progress bar of `wai push` and `wai pull` (cli-progress, on stderr): bytes, rate and ETA when
 * the size is known (uploads), bytes and rate when it is not (a download grant states no size).
 * Only on a terminal: piped or in CI nothing is drawn, and the summary line says what moved.
 */
import cliProgress from "cli-progress";
import type { Progress, ProgressCallback } from "@whileai/platform/node";
import { currentIo } from "../../io.js";
import type { ProgressStream } from "../../progress.js";
import { formatBytes } from "./format.js";

export interface TransferProgress {
  /** Undefined when no bar is drawn, so the client does not even count. */
  onProgress: ProgressCallback | undefined;
  /** Clears the bar; safe when nothing was drawn. */
  stop(): void;
}

export function transferProgress(label: string, stream: ProgressStream = currentIo().stderr, now: () => number = () => performance.now()): TransferProgress {
  if (stream.isTTY !== true) return { onProgress: undefined, stop() {} };
  const started = now();
  let bar: cliProgress.SingleBar | null = null;
  const payload = (p: Progress) => {
    const seconds = (now() - started) / 1000;
    return { moved: formatBytes(p.bytes), size: p.total === null ? "?" : formatBytes(p.total), rate: `${formatBytes(seconds > 0 ? Math.round(p.bytes / seconds) : 0)}/s` };
  };
  return {
    onProgress(p) {
      if (bar === null) {
        bar = new cliProgress.SingleBar({
          stream: stream as NodeJS.WritableStream,
          format: p.total !== null ? `${label} [{bar}] {percentage}% | {moved} of {size} | {rate} | ETA {eta_formatted}` : `${label} {moved} | {rate}`,
          barsize: 30,
          hideCursor: false,
          clearOnComplete: true,
          etaBuffer: 20,
        });
        bar.start(p.total ?? 0, p.bytes, payload(p));
      } else bar.update(p.bytes, payload(p));
    },
    stop() {
      bar?.stop();
    },
  };
}
