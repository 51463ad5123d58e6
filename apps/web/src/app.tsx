/**
 * The explorer: one trace file in, its report, every row in a table, conversations, harness,
 * holdout split and leakage scan out. What is on screen lives in the URL's hash (state/url-state.ts).
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { FunctionComponent } from "preact";
import { explore, withSpans, type Exploration, type LabelSettings } from "./analysis/explore.js";
import { answeredHere, type RowQuestions } from "./analysis/row-questions.js";
import { liveEndpoint } from "./live/live-endpoint.js";
import type { LivePanelProps } from "./live/live-panel.js";
import { EXAMPLE_LABELS, EXAMPLES } from "./load/examples.js";
import { LoadWorker, type ExploredFile } from "./load/load-client.js";
import type { LoadError } from "./load/load-error.js";
import type { Explored } from "./load/load-protocol.js";
import type { LoadedSource } from "./load/read-source.js";
import { DEFAULT_VIEW, hashToView, viewToHash, type Tab, type ViewState } from "./state/url-state.js";
import { ConversationView } from "./views/conversation-view.js";
import { CostView } from "./views/cost-view.js";
import { FileSource } from "./views/file-source.js";
import { HarnessView } from "./views/harness-view.js";
import { LabelControls } from "./views/label-controls.js";
import { LeakageView } from "./views/leakage-view.js";
import { LoadErrorLine } from "./views/load-error-line.js";
import { ReportView } from "./views/report-view.js";
import { RowsView } from "./views/rows-view.js";
import { SourceSummary } from "./views/source-summary.js";
import { SplitView, type SplitChoice } from "./views/split-view.js";
import { Tabs } from "./views/tabs.js";

const TABS: readonly (readonly [Tab, string])[] = [
  ["report", "Report"],
  ["rows", "Rows"],
  ["conversations", "Conversations"],
  ["cost", "Time & cost"],
  ["harness", "Harness"],
  ["split", "Holdout split"],
  ["leakage", "Leakage scan"],
];

/** The live stream when a server serves this page (`wai otel serve --ui`, `wai serve --ui`), else null. */
const LIVE = liveEndpoint();

export function App() {
  // The view a link asked for; a file it names that is not loaded yet waits for it.
  const linked = useMemo(() => hashToView(window.location.hash), []);
  const [view, setView] = useState<ViewState>(linked);
  const [file, setFile] = useState<ExploredFile | null>(null);
  const [explored, setExplored] = useState<{ labels: LabelSettings; explored: Explored } | null>(null);
  const [error, setError] = useState<LoadError | null>(null);
  const [split, setSplit] = useState<{ choice: SplitChoice; version: number } | null>(null);
  const update = (change: Partial<ViewState>) => setView((v) => ({ ...v, ...change }));
  // The trace file is read and analysed off the page's thread; started now, before the first file.
  const reader = useMemo(() => new LoadWorker(), []);
  // Served live: the live view loads on demand, and the tabs show its rows until the user opens a file.
  const [LivePanel, setLivePanel] = useState<FunctionComponent<LivePanelProps> | null>(null);
  const [following, setFollowing] = useState(LIVE !== null);
  const [liveRows, setLiveRows] = useState<LoadedSource | null>(null);
  useEffect(() => {
    if (LIVE !== null) void import("./live/live-panel.js").then((module) => setLivePanel(() => module.LivePanel));
  }, []);

  // A link pasted into this tab (or the hash edited) changes only the hash: show what it names.
  useEffect(() => {
    const follow = () => {
      if (window.location.hash !== viewToHash(view)) setView(hashToView(window.location.hash));
    };
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [view]);
  useEffect(() => {
    const hash = viewToHash(view);
    // replaceState: every keystroke of a filter is not a step of the back button.
    if (hash !== window.location.hash) history.replaceState(null, "", hash === "" ? window.location.pathname + window.location.search : hash);
  }, [view]);

  // Other label settings: the worker analyses the rows it kept again. Only the answer for the
  // settings now in the boxes is shown, however the answers to earlier ones arrive.
  const wanted = useRef(view.labels);
  wanted.current = view.labels;
  useEffect(() => {
    if (file === null || explored === null || sameLabels(explored.labels, view.labels)) return;
    const labels = view.labels;
    file.relabel(labels).then(
      (next) => wanted.current === labels && setExplored({ labels, explored: next }),
      (e: Error) => wanted.current === labels && setExplored({ labels, explored: { labelError: e.message } }),
    );
  }, [file, explored, view.labels]);

  const result = useMemo((): { exploration: Exploration } | { error: LoadError } | null => {
    if (following) {
      // Live rows arrive in the page; a snapshot (at most one a second, live-panel.tsx) is analysed here.
      if (liveRows === null) return null;
      try {
        return { exploration: withSpans(explore(liveRows.rows, view.labels), undefined) };
      } catch (e) {
        return { error: { message: `${liveRows.name}: ${(e as Error).message}`, source: liveRows.name } };
      }
    }
    if (file === null || explored === null) return null;
    if ("labelError" in explored.explored) return { error: { message: `${file.source.name}: ${explored.explored.labelError}`, source: file.source.name } };
    return { exploration: withSpans(explored.explored.exploration, file.spans) };
  }, [following, liveRows, view.labels, file, explored]);
  /** What the tabs show: the live rows while following them, else the file opened. */
  const sourceReport = following ? (liveRows?.report ?? null) : (file?.source.report ?? null);
  const exploration = result !== null && "exploration" in result ? result.exploration : null;
  // Questions about every row (the table, the split) are answered where the rows are: a file's in
  // the load worker, so a million rows never hold this thread; live rows here, where they arrive.
  const questions = useMemo((): RowQuestions | null => {
    if (exploration === null) return null;
    return following ? answeredHere(exploration.rows) : (file?.questions ?? null);
  }, [exploration, following, file]);

  /** The label settings a file is first read with: an example's own, unless a link named the file with its settings. */
  const labelsFor = (name: string, example: string | null): LabelSettings =>
    example !== null && view.file !== name ? (EXAMPLE_LABELS[example] ?? DEFAULT_VIEW.labels) : view.labels;
  const open = (name: string, blob: Blob, onProgress: (read: number, total: number) => void, example: string | null) => reader.explore(name, blob, labelsFor(name, example), onProgress);

  const loaded = (next: ExploredFile) => {
    setError(null);
    setFollowing(false);
    // A split of the file before is not a split of this one.
    setSplit(null);
    setFile(next);
    setExplored({ labels: next.labels, explored: next.explored });
    setView((v) => {
      // The file a link named: its view as linked. Any other: its own view, from the start.
      if (v.file === next.source.name) return { ...v, labels: next.labels };
      return { ...DEFAULT_VIEW, file: next.source.name, labels: next.labels, tab: v.tab };
    });
  };
  // A file that fails replaces the one before: its error must not sit above the old file's report.
  const failed = (next: LoadError) => {
    setFollowing(false);
    setFile(null);
    setExplored(null);
    setSplit(null);
    setError(next);
  };
  const waiting = view.file !== null && file?.source.name !== view.file && error === null;
  const linkedExample = useRef(linked.file !== null && EXAMPLES.some((e) => e.name === linked.file) ? linked.file : null);

  return (
    <div class="app">
      <header class="top">
        <h1>whileai trace explorer</h1>
        <p class="muted">Everything runs in this page: files are read here and never uploaded.</p>
        {LIVE !== null && LivePanel !== null && (
          <LivePanel
            endpoint={LIVE}
            following={following}
            onSnapshot={setLiveRows}
            onFollow={() => {
              setError(null);
              setSplit(null);
              setFollowing(true);
            }}
          />
        )}
        <FileSource id="trace" label="Traces" open={open} onLoaded={loaded} onError={failed} autoLoad={linkedExample.current} />
        <LabelControls labels={view.labels} onChange={(labels: LabelSettings) => update({ labels })} />
        {waiting && linkedExample.current === null && (
          <p
            class="notice"
            role="status"
            data-testid="link-waits"
          >{`This link shows ${view.file}: open that file to see the same view. Files never leave your machine, so a link cannot carry one.`}</p>
        )}
        {error !== null && <LoadErrorLine error={error} testId="load-error" />}
        {result !== null && "error" in result && <LoadErrorLine error={result.error} testId="load-error" />}
        {file !== null && !following && <SourceSummary source={file.source} />}
      </header>
      <Tabs tabs={TABS} active={view.tab} onSelect={(tab) => update({ tab })} />
      <main>
        {/* Always mounted, hidden on other tabs: a scan keeps running, and its result stays, while the user looks elsewhere. */}
        <div id="panel-leakage" role="tabpanel" aria-labelledby="tab-leakage" hidden={view.tab !== "leakage"}>
          <LeakageView key={split?.version ?? 0} preset={split?.choice ?? null} />
        </div>
        {view.tab === "leakage" ? null : (
          <div id={`panel-${view.tab}`} role="tabpanel" aria-labelledby={`tab-${view.tab}`}>
            {exploration === null || sourceReport === null || questions === null ? (
              <p class="muted empty">
                {following ? "No rows have arrived yet; they appear here as conversations complete. Or open" : "Open"} or drop a trace file (JSONL rows, OpenAI or Anthropic messages, OTLP JSON or protobuf, gzipped or not; Parquet, CSV/TSV or Arrow tables),
                or load a bundled example.
              </p>
            ) : view.tab === "report" ? (
              <ReportView exploration={exploration} source={sourceReport} questions={questions} />
            ) : view.tab === "rows" ? (
              <RowsView rows={exploration.rows} questions={questions} query={view.rows} onQuery={(rows) => update({ rows })} onOpen={(row) => update({ row, tab: "conversations" })} />
            ) : view.tab === "conversations" ? (
              <ConversationView
                rows={exploration.rows}
                questions={questions}
                spansOf={exploration.spansOf}
                selected={view.row}
                onSelect={(row) => update({ row })}
                list={view.conversations}
                onList={(change) => setView((v) => ({ ...v, conversations: { ...v.conversations, ...change } }))}
              />
            ) : view.tab === "cost" ? (
              <CostView rows={exploration.rows} questions={questions} />
            ) : view.tab === "harness" ? (
              <HarnessView harness={exploration.harness} />
            ) : (
              <SplitView
                rows={exploration.rows}
                questions={questions}
                onScan={(choice) => {
                  setSplit({ choice, version: (split?.version ?? 0) + 1 });
                  update({ tab: "leakage" });
                }}
              />
            )}
          </div>
        )}
      </main>
    </div>
  );
}

function sameLabels(a: LabelSettings, b: LabelSettings): boolean {
  return a.threshold === b.threshold && a.rewardKey.length === b.rewardKey.length && a.rewardKey.every((k, i) => k === b.rewardKey[i]);
}
