/** The explorer: one trace file in, its report, conversations, harness, holdout split and leakage scan out. */
import type { FunctionComponent } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { DEFAULT_LABELS, explore, type Exploration, type LabelSettings } from "./analysis/explore.js";
import type { LivePanelProps } from "./live/live-panel.js";
import { liveEndpoint } from "./live/live-endpoint.js";
import { EXAMPLE_LABELS } from "./load/examples.js";
import type { LoadError } from "./load/load-error.js";
import type { LoadedSource } from "./load/read-source.js";
import { ConversationView } from "./views/conversation-view.js";
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
  ["harness", "Harness"],
  ["split", "Holdout split"],
  ["leakage", "Leakage scan"],
] as const;
type Tab = (typeof TABS)[number][0];

/** The live row stream's address when a receiver serves this page (`wai otel serve --ui`), else null. */
const LIVE_URL = liveEndpoint();

export function App() {
  const [opened, setOpened] = useState<LoadedSource | null>(null);
  // Served live: the live view loads on demand, and the tabs show its rows until the user opens a file.
  const [LivePanel, setLivePanel] = useState<FunctionComponent<LivePanelProps> | null>(null);
  const [following, setFollowing] = useState(LIVE_URL !== null);
  const [liveRows, setLiveRows] = useState<LoadedSource | null>(null);
  useEffect(() => {
    if (LIVE_URL !== null) void import("./live/live-panel.js").then((module) => setLivePanel(() => module.LivePanel));
  }, []);
  const file = following ? liveRows : opened;
  const [labels, setLabels] = useState<LabelSettings>(DEFAULT_LABELS);
  const [error, setError] = useState<LoadError | null>(null);
  const [tab, setTab] = useState<Tab>("report");
  const [split, setSplit] = useState<{ choice: SplitChoice; version: number } | null>(null);

  const result = useMemo((): { exploration: Exploration } | { error: LoadError } | null => {
    if (file === null) return null;
    try {
      return { exploration: explore(file.rows, labels) };
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
    setFollowing(false);
    setOpened(next);
  };
  // A file that fails replaces the one before: its error must not sit above the old file's report.
  const failed = (next: LoadError) => {
    setFollowing(false);
    setOpened(null);
    setSplit(null);
    setError(next);
  };
  const exploration = result !== null && "exploration" in result ? result.exploration : null;

  return (
    <div class="app">
      <header class="top">
        <h1>whileai trace explorer</h1>
        <p class="muted">Everything runs in this page: files are read here and never uploaded.</p>
        {LIVE_URL !== null && LivePanel !== null && (
          <LivePanel
            url={LIVE_URL}
            following={following}
            onSnapshot={setLiveRows}
            onFollow={() => {
              setError(null);
              setSplit(null);
              setFollowing(true);
            }}
          />
        )}
        <FileSource id="trace" label="Traces" onLoaded={loaded} onError={failed} />
        <LabelControls labels={labels} onChange={setLabels} />
        {error !== null && <LoadErrorLine error={error} testId="load-error" />}
        {result !== null && "error" in result && <LoadErrorLine error={result.error} testId="load-error" />}
        {file !== null && !following && <SourceSummary source={file} />}
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
          <p class="muted empty">{following ? "No rows have arrived yet; they appear here as conversations complete. Or open" : "Open"} or drop a trace file (JSONL rows, OpenAI or Anthropic messages, OTLP JSON or protobuf, gzipped or not; Parquet, CSV/TSV or Arrow tables), or load a bundled example.</p>
        ) : tab === "report" ? (
          <ReportView exploration={exploration} source={file.report} />
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
