/** The explorer: one trace file in, its report, conversations, harness, holdout split and leakage scan out. */
import { useMemo, useState } from "preact/hooks";
import { DEFAULT_LABELS, explore, type Exploration, type LabelSettings } from "./analysis/explore.js";
import { EXAMPLE_LABELS } from "./load/examples.js";
import type { LoadError } from "./load/load-error.js";
import type { LoadedSource } from "./load/read-source.js";
import { ConversationView } from "./views/conversation-view.js";
import { CostView } from "./views/cost-view.js";
import { FileSource } from "./views/file-source.js";
import { HarnessView } from "./views/harness-view.js";
import { LabelControls } from "./views/label-controls.js";
import { LeakageView } from "./views/leakage-view.js";
import { LoadErrorLine } from "./views/load-error-line.js";
import { ReportView } from "./views/report-view.js";
import { SourceSummary } from "./views/source-summary.js";
import { SplitView, type SplitChoice } from "./views/split-view.js";

const TABS = [
  ["report", "Report"],
  ["conversations", "Conversations"],
  ["cost", "Time & cost"],
  ["harness", "Harness"],
  ["split", "Holdout split"],
  ["leakage", "Leakage scan"],
] as const;
type Tab = (typeof TABS)[number][0];

export function App() {
  const [file, setFile] = useState<LoadedSource | null>(null);
  const [labels, setLabels] = useState<LabelSettings>(DEFAULT_LABELS);
  const [error, setError] = useState<LoadError | null>(null);
  const [tab, setTab] = useState<Tab>("report");
  const [split, setSplit] = useState<{ choice: SplitChoice; version: number } | null>(null);

  const result = useMemo((): { exploration: Exploration } | { error: LoadError } | null => {
    if (file === null) return null;
    try {
      return { exploration: explore(file.rows, labels, file.spans) };
    } catch (e) {
      // The file read, but the label settings do not fit it (e.g. a bad label column).
      return { error: { message: `${file.name}: ${(e as Error).message}`, source: file.name } };
    }
  }, [file, labels]);

  const loaded = (next: LoadedSource, example: string | null) => {
    setError(null);
    // A bundled example comes with the label settings it is meant to be read with.
    if (example !== null) setLabels(EXAMPLE_LABELS[example] ?? DEFAULT_LABELS);
    // A split of the file before is not a split of this one.
    setSplit(null);
    setFile(next);
  };
  // A file that fails replaces the one before: its error must not sit above the old file's report.
  const failed = (next: LoadError) => {
    setFile(null);
    setSplit(null);
    setError(next);
  };
  const exploration = result !== null && "exploration" in result ? result.exploration : null;

  return (
    <div class="app">
      <header class="top">
        <h1>whileai trace explorer</h1>
        <p class="muted">Everything runs in this page: files are read here and never uploaded.</p>
        <FileSource id="trace" label="Traces" onLoaded={loaded} onError={failed} />
        <LabelControls labels={labels} onChange={setLabels} />
        {error !== null && <LoadErrorLine error={error} testId="load-error" />}
        {result !== null && "error" in result && <LoadErrorLine error={result.error} testId="load-error" />}
        {file !== null && <SourceSummary source={file} />}
      </header>
      <div class="tabs" role="tablist">
        {TABS.map(([id, title]) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} class={tab === id ? "active" : ""} onClick={() => setTab(id)} data-tab={id}>
            {title}
          </button>
        ))}
      </div>
      <main>
        {/* Always mounted, hidden on other tabs: a scan keeps running, and its result stays, while the user looks elsewhere. */}
        <div hidden={tab !== "leakage"}>
          <LeakageView key={split?.version ?? 0} preset={split?.choice ?? null} />
        </div>
        {tab === "leakage" ? null : exploration === null || file === null ? (
          <p class="muted empty">Open or drop a trace file (JSONL rows, OpenAI or Anthropic messages, OTLP JSON or protobuf, gzipped or not; Parquet, CSV/TSV or Arrow tables), or load a bundled example.</p>
        ) : tab === "report" ? (
          <ReportView exploration={exploration} source={file.report} />
        ) : tab === "conversations" ? (
          <ConversationView rows={exploration.rows} spansOf={exploration.spansOf} />
        ) : tab === "cost" ? (
          <CostView rows={exploration.rows} spansOf={exploration.spansOf} />
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
