/** The explorer: one trace file in, its report, conversations, harness, holdout split and leakage scan out. */
import { useMemo, useState } from "preact/hooks";
import { DEFAULT_LABELS, explore, type Exploration, type LabelSettings } from "./analysis/explore.js";
import { EXAMPLE_LABELS } from "./load/examples.js";
import type { TraceFile } from "./load/read-trace-file.js";
import { ConversationView } from "./views/conversation-view.js";
import { FileSource } from "./views/file-source.js";
import { bytes, counted } from "./views/format.js";
import { HarnessView } from "./views/harness-view.js";
import { LabelControls } from "./views/label-controls.js";
import { LeakageView } from "./views/leakage-view.js";
import { ReportView } from "./views/report-view.js";
import { SplitView, type SplitChoice } from "./views/split-view.js";

const TABS = [
  ["report", "Report"],
  ["conversations", "Conversations"],
  ["harness", "Harness"],
  ["split", "Holdout split"],
  ["leakage", "Leakage scan"],
] as const;
type Tab = (typeof TABS)[number][0];

const FORMATS: Record<TraceFile["format"], string> = {
  jsonl: "JSON Lines of rows",
  "json-array": "a JSON array of rows",
  "otlp-json": "OpenTelemetry OTLP/JSON",
  "otlp-jsonl": "OpenTelemetry OTLP JSON Lines",
  "otlp-protobuf": "OpenTelemetry OTLP protobuf",
};

export function App() {
  const [file, setFile] = useState<TraceFile | null>(null);
  const [labels, setLabels] = useState<LabelSettings>(DEFAULT_LABELS);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>("report");
  const [split, setSplit] = useState<{ choice: SplitChoice; version: number } | null>(null);

  const result = useMemo((): { exploration: Exploration } | { error: string } | null => {
    if (file === null) return null;
    try {
      return { exploration: explore(file.rows, labels) };
    } catch (e) {
      return { error: `${file.name}: ${(e as Error).message}` };
    }
  }, [file, labels]);

  const loaded = (next: TraceFile, example: string | null) => {
    setError(null);
    // A bundled example comes with the label settings it is meant to be read with.
    if (example !== null) setLabels(EXAMPLE_LABELS[example] ?? DEFAULT_LABELS);
    setFile(next);
  };
  const exploration = result !== null && "exploration" in result ? result.exploration : null;

  return (
    <div class="app">
      <header class="top">
        <h1>whileai trace explorer</h1>
        <p class="muted">Everything runs in this page: files are read here and never uploaded.</p>
        <FileSource id="trace" label="Traces" onLoaded={loaded} onError={setError} />
        <LabelControls labels={labels} onChange={setLabels} />
        {error !== null && <p class="error" role="alert" data-testid="load-error">{error}</p>}
        {result !== null && "error" in result && <p class="error" role="alert" data-testid="load-error">{result.error}</p>}
        {file !== null && (
          <p data-testid="file-summary">
            <strong>{file.name}</strong>
            {` (${bytes(file.bytes)}${file.gzip ? ", gzip" : ""}): ${FORMATS[file.format]}, ${counted(file.rows.length, "row")} read`}
            {file.otlpObjects > 0 ? ` from ${counted(file.otlpObjects, "OTLP object")}` : ""}
          </p>
        )}
      </header>
      <nav class="tabs" role="tablist">
        {TABS.map(([id, title]) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} class={tab === id ? "active" : ""} onClick={() => setTab(id)} data-tab={id}>
            {title}
          </button>
        ))}
      </nav>
      <main>
        {tab === "leakage" ? (
          <LeakageView key={split?.version ?? 0} preset={split?.choice ?? null} />
        ) : exploration === null || file === null ? (
          <p class="muted empty">Open or drop a trace file (JSONL rows, OpenAI or Anthropic messages, OTLP JSON or protobuf, gzipped or not), or load a bundled example.</p>
        ) : tab === "report" ? (
          <ReportView file={file} exploration={exploration} />
        ) : tab === "conversations" ? (
          <ConversationView rows={exploration.rows} />
        ) : tab === "harness" ? (
          <HarnessView harness={exploration.harness} />
        ) : (
          <SplitView
            rows={exploration.rows}
            onScan={(choice) => {
              setSplit({ choice, version: (split?.version ?? 0) + 1 });
              setTab("leakage");
            }}
          />
        )}
      </main>
    </div>
  );
}
