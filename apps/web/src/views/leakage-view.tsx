/**
 * The leakage scan between two files (generated vs sources) in a Web Worker: a progress bar, a
 * cancel button, which kernel ran, and every leaky row with its closest source.
 */
import { promptOf, wasmKernelAvailable, type KernelChoice, type ScanProgress } from "@whileai/hash-embed";
import { describeFormat, type SourceReport } from "@whileai/ingest";
import { loadTraces, type TraceRow } from "@whileai/traces";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { LoadError } from "../load/load-error.js";
import { LoadWorker, type RowsFile } from "../load/load-client.js";
import type { ScanOutcome } from "../scan/protocol.js";
import { ScanCancelled, startScan, type RunningScan } from "../scan/scan-client.js";
import { FileSource } from "./file-source.js";
import { clip, count, counted } from "./format.js";
import { LoadErrorLine } from "./load-error-line.js";
import { SourceLosses } from "./source-losses.js";
import type { SplitChoice } from "./split-view.js";

export interface ScanSide {
  label: string;
  rows: TraceRow[];
  /** How the side's file read; none for a side taken from the split preview. */
  report?: SourceReport;
}

type RunState =
  | { kind: "idle" }
  | { kind: "running"; progress: ScanProgress | null }
  | { kind: "done"; outcome: ScanOutcome; generated: string[]; sources: string[] }
  | { kind: "cancelled"; progress: ScanProgress | null }
  | { kind: "error"; message: string };

/** Leaky rows listed on the page; the download has every row. */
export const LEAKS_LISTED = 500;

const KERNEL_NAMES = { wasm: "WebAssembly SIMD", ts: "TypeScript" } as const;

export function LeakageView({ preset }: { preset: SplitChoice | null }) {
  const [generated, setGenerated] = useState<ScanSide | null>(preset && { label: `remainder of ${preset.label}`, rows: preset.remainder });
  const [sources, setSources] = useState<ScanSide | null>(preset && { label: `holdout of ${preset.label}`, rows: preset.production });
  const [kernel, setKernel] = useState<KernelChoice>("auto");
  const [thresholdText, setThresholdText] = useState("0.9");
  const [state, setState] = useState<RunState>({ kind: "idle" });
  const [inputError, setInputError] = useState<LoadError | null>(null);
  const running = useRef<RunningScan | null>(null);
  const wasm = useMemo(() => wasmKernelAvailable(), []);

  const threshold = Number(thresholdText);
  const thresholdError = thresholdText.trim() === "" || !Number.isFinite(threshold) ? `threshold must be a number, got "${thresholdText}"` : null;

  const start = () => {
    if (generated === null || sources === null || thresholdError !== null) return;
    const generatedPrompts = generated.rows.map(promptOf);
    // The scan indexes the non-empty source prompts only; its `sources` are indices into these.
    const sourcePrompts = sources.rows.map(promptOf).filter((p) => p !== "");
    setState({ kind: "running", progress: null });
    const scan = startScan({
      generated: generatedPrompts,
      sources: sourcePrompts,
      kernel,
      threshold,
      onProgress: (progress) => running.current === scan && setState({ kind: "running", progress }),
    });
    running.current = scan;
    // A scan dropped by sideChanged says nothing more: the page has moved on from its sides.
    const current = () => running.current === scan;
    scan.done.then(
      (outcome) => current() && setState({ kind: "done", outcome, generated: generatedPrompts, sources: sourcePrompts }),
      (error: Error) => current() && setState((s) => (error instanceof ScanCancelled ? { kind: "cancelled", progress: s.kind === "running" ? s.progress : null } : { kind: "error", message: error.message })),
    );
  };
  // Sides handed over by the split ("check the remainder for leaks"): that click asked for the scan.
  useEffect(() => {
    if (preset !== null) start();
  }, []);
  // A result (or a running scan) is of the sides it ran on: a side replaced makes it stale.
  const sideChanged = () => {
    running.current?.cancel();
    running.current = null;
    setState({ kind: "idle" });
  };
  const side = (set: (s: ScanSide) => void) => (file: RowsFile) => {
    sideChanged();
    setInputError(null);
    set({ label: file.source.name, rows: loadTraces(file.rows), report: file.source.report });
  };
  // A file that fails to read empties its side: a scan must not run on the file it was meant to replace.
  const failed = (set: (s: ScanSide | null) => void) => (error: LoadError) => {
    sideChanged();
    set(null);
    setInputError(error);
  };

  return (
    <section data-testid="leakage">
      <p>
        Which generated prompts nearly copy a source (cosine of the hash vectors ≥ threshold, or the same text up to case and spacing), decided exactly as the Python SDK decides. The scan runs in a Web Worker.
      </p>
      <div class="scan-inputs">
        <ScanSlot id="generated" title="Generated (e.g. training rows)" side={generated} onLoaded={side(setGenerated)} onError={failed(setGenerated)} fromSplit={preset !== null} />
        <ScanSlot id="sources" title="Sources (e.g. the held-out rows)" side={sources} onLoaded={side(setSources)} onError={failed(setSources)} fromSplit={preset !== null} />
      </div>
      {inputError !== null && <LoadErrorLine error={inputError} testId="scan-input-error" />}
      <div class="toolbar">
        <label>
          kernel{" "}
          <select value={kernel} onChange={(e) => setKernel(e.currentTarget.value as KernelChoice)} data-testid="kernel">
            <option value="auto">{`auto (${wasm ? "WebAssembly SIMD here" : "TypeScript here: no WebAssembly SIMD"})`}</option>
            <option value="wasm" disabled={!wasm}>{`WebAssembly SIMD${wasm ? "" : " (not available in this browser)"}`}</option>
            <option value="ts">TypeScript</option>
          </select>
        </label>
        <label>
          threshold <input type="number" step="0.01" value={thresholdText} onInput={(e) => setThresholdText(e.currentTarget.value)} data-testid="threshold" />
        </label>
        <button type="button" onClick={start} disabled={generated === null || sources === null || thresholdError !== null || state.kind === "running"} data-testid="scan-start">
          Scan
        </button>
        <button type="button" onClick={() => running.current?.cancel()} disabled={state.kind !== "running"} data-testid="scan-cancel">
          Cancel
        </button>
      </div>
      {thresholdError !== null && <p class="error" role="alert">{thresholdError}</p>}
      <ScanState state={state} />
    </section>
  );
}

function ScanSlot({ id, title, side, onLoaded, onError, fromSplit }: { id: string; title: string; side: ScanSide | null; onLoaded: (f: RowsFile) => void; onError: (e: LoadError) => void; fromSplit: boolean }) {
  // Each side reads in a worker of its own, started when it first reads (most visits scan no file).
  const reader = useRef<LoadWorker | null>(null);
  const open = (name: string, blob: Blob, onProgress: (read: number, total: number) => void) => {
    reader.current ??= new LoadWorker();
    return reader.current.rows(name, blob, onProgress);
  };
  const format = side?.report === undefined ? "" : ` (${describeFormat(side.report.format)})`;
  return (
    <div class="scan-slot">
      <h2>{title}</h2>
      {/* A side from the split came from no example: the picker must not name one. */}
      <FileSource id={id} label="" open={open} onLoaded={onLoaded} onError={onError} initialExample={fromSplit ? "" : undefined} />
      <p data-testid={`${id}-summary`}>{side === null ? <span class="muted">nothing loaded</span> : `${side.label}${format}: ${counted(side.rows.length, "row")}`}</p>
      {side?.report !== undefined && <SourceLosses id={id} report={side.report} />}
    </div>
  );
}

function ProgressLine({ progress }: { progress: ScanProgress | null }) {
  if (progress === null) return <p class="muted">embedding the sources…</p>;
  const eta = progress.etaSeconds === null ? "" : `, about ${progress.etaSeconds.toFixed(1)} s left`;
  return (
    <p>
      <progress value={progress.pairsDone} max={progress.pairsTotal ?? undefined} data-testid="scan-progress" />{" "}
      <span data-testid="scan-progress-text">{`${count(progress.rowsDone)} / ${count(progress.rowsTotal ?? 0)} rows, ${count(progress.pairsDone)} pairs, ${(progress.pairsPerSecond / 1e6).toFixed(1)} M pairs/s${eta}`}</span>
    </p>
  );
}

function ScanState({ state }: { state: RunState }) {
  if (state.kind === "idle") return null;
  if (state.kind === "running") return <div data-testid="scan-running"><ProgressLine progress={state.progress} /></div>;
  if (state.kind === "cancelled") {
    const done = state.progress === null ? "before the first chunk" : `after ${count(state.progress.rowsDone)} rows`;
    return <p class="notice" role="status" data-testid="scan-cancelled">{`Scan cancelled ${done}; nothing was kept.`}</p>;
  }
  if (state.kind === "error") return <p class="error" role="alert" data-testid="scan-error">{state.message}</p>;
  return <ScanResult outcome={state.outcome} generated={state.generated} sources={state.sources} />;
}

function ScanResult({ outcome, generated, sources }: { outcome: ScanOutcome; generated: string[]; sources: string[] }) {
  const { report, flags, similarities, kernel, timings } = outcome;
  const leaky: number[] = [];
  for (let i = 0; i < flags.length; i++) if (flags[i] === 1) leaky.push(i);
  const download = () => {
    const lines: string[] = [];
    for (let i = 0; i < flags.length; i++) {
      const source = outcome.sources[i];
      lines.push(JSON.stringify({ row: i, prompt: generated[i], leaky: flags[i] === 1, source: source < 0 ? null : source, source_prompt: source < 0 ? null : sources[source], similarity: similarities[i] }));
    }
    const url = URL.createObjectURL(new Blob([lines.join("\n") + "\n"], { type: "application/x-ndjson" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "leakage-scan.jsonl";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div data-testid="scan-result">
      <dl class="stats">
        <div data-stat="kernel"><dt>kernel that ran</dt><dd>{kernel} <small>{KERNEL_NAMES[kernel]}</small></dd></div>
        <div data-stat="n"><dt>generated rows</dt><dd>{count(report.n)}</dd></div>
        <div data-stat="n_sources"><dt>sources (non-empty)</dt><dd>{count(report.n_sources)}</dd></div>
        <div data-stat="n_leaky"><dt>leaky rows</dt><dd>{count(report.n_leaky)}</dd></div>
        <div data-stat="max_similarity"><dt>max similarity</dt><dd>{report.max_similarity.toFixed(4)}</dd></div>
        <div data-stat="seconds"><dt>time</dt><dd>{`${((timings.sourcesSeconds + timings.scanSeconds) * 1000).toFixed(1)} ms`}</dd></div>
      </dl>
      <div class="toolbar">
        <button type="button" onClick={download} data-testid="scan-download">Download every row's result (JSONL)</button>
      </div>
      {leaky.length === 0 ? (
        <p class="muted">{`No generated row reaches the threshold ${report.threshold}.`}</p>
      ) : (
        <>
        {leaky.length > LEAKS_LISTED && <p class="muted">{`The first ${LEAKS_LISTED} of ${count(leaky.length)} leaky rows; the download lists them all.`}</p>}
        <table data-testid="leaky-rows">
          <thead><tr><th class="num">row</th><th>generated prompt</th><th>closest source</th><th class="num">similarity</th></tr></thead>
          <tbody>
            {leaky.slice(0, LEAKS_LISTED).map((i) => (
              <tr key={i} data-row={i} data-source={outcome.sources[i]} data-similarity={String(similarities[i])}>
                <td class="num">{i + 1}</td>
                <td>{clip(generated[i], 120)}</td>
                <td><span class="muted">{`#${outcome.sources[i] + 1} `}</span>{clip(sources[outcome.sources[i]] ?? "", 120)}</td>
                <td class="num">{similarities[i].toFixed(4)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </>
      )}
    </div>
  );
}
