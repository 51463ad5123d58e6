/**
 * The leakage scan's progress bar: cli-progress on stderr, drawn only when stderr is a terminal
 * (a log file or CI gets no escape codes and no carriage-return spam), fed by `scanLeakage`'s
 * `onProgress` with its own rate and ETA (pairs compared per second, seconds left).
 */
import cliProgress from "cli-progress";
import type { ScanProgress } from "@whileai/hash-embed";
import { currentIo } from "./io.js";

/** What the bar needs of a stream: a write, and whether it is a terminal (and how wide). */
export interface ProgressStream {
  write(chunk: string): boolean;
  isTTY?: boolean;
  columns?: number;
}

export interface ScanProgressBar {
  /** Pass as `onProgress`. */
  update(progress: ScanProgress): void;
  /** Finish the line (or clear it); safe to call twice and when nothing was drawn. */
  stop(): void;
  /** Whether a bar is drawn at all (false when the stream is not a terminal). */
  readonly enabled: boolean;
}

export function createScanProgressBar(stream: ProgressStream = currentIo().stderr, label = "scanning"): ScanProgressBar {
  if (stream.isTTY !== true) return { update: () => {}, stop: () => {}, enabled: false };
  const bar = new cliProgress.SingleBar(
    {
      stream: stream as NodeJS.WritableStream,
      format: `${label} [{bar}] {percentage}% | {value}/{total} rows | {rate} | ETA {eta_text}`,
      barsize: 30,
      hideCursor: false,
      clearOnComplete: false,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let stopped = false;
  return {
    enabled: true,
    update(progress: ScanProgress): void {
      if (stopped) return;
      const payload = { rate: formatRate(progress.pairsPerSecond), eta_text: formatEta(progress.etaSeconds) };
      if (!started) {
        started = true;
        bar.start(progress.rowsTotal ?? progress.rowsDone, progress.rowsDone, payload);
        return;
      }
      if (progress.rowsTotal === null) bar.setTotal(progress.rowsDone);
      bar.update(progress.rowsDone, payload);
    },
    stop(): void {
      if (stopped) return;
      stopped = true;
      if (started) bar.stop();
    },
  };
}

/** Pairs per second with an SI suffix: "1.23M pairs/s". */
export function formatRate(pairsPerSecond: number): string {
  if (!Number.isFinite(pairsPerSecond) || pairsPerSecond <= 0) return "- pairs/s";
  const units: [number, string][] = [
    [1e9, "G"],
    [1e6, "M"],
    [1e3, "k"],
  ];
  for (const [size, suffix] of units) if (pairsPerSecond >= size) return `${(pairsPerSecond / size).toFixed(2)}${suffix} pairs/s`;
  return `${pairsPerSecond.toFixed(0)} pairs/s`;
}

/** Seconds left as "42s", "3m05s" or "1h02m"; "-" when unknown. */
export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "-";
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}
