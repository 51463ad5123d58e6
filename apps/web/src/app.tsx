/**
 * The explorer: one trace file in, its report, every row in a table, conversations, harness,
 * holdout split and leakage scan out. What is on screen lives in the URL's hash (state/url-state.ts).
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { rowTable } from "./analysis/columns.js";
import { explore, type Exploration, type LabelSettings } from "./analysis/explore.js";
import { EXAMPLE_LABELS, EXAMPLES } from "./load/examples.js";
import type { LoadError } from "./load/load-error.js";
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

export function App() {
  // The view a link asked for; a file it names that is not loaded yet waits for it.
  const linked = useMemo(() => hashToView(window.location.hash), []);
  const [view, setView] = useState<ViewState>(linked);
  const [file, setFile] = useState<LoadedSource | null>(null);
  const [error, setError] = useState<LoadError | null>(null);
  const [split, setSplit] = useState<{ choice: SplitChoice; version: number } | null>(null);
  const update = (change: Partial<ViewState>) => setView((v) => ({ ...v, ...change }));

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

  const result = useMemo((): { exploration: Exploration } | { error: LoadError } | null => {
    if (file === null) return null;
    try {
      return { exploration: explore(file.rows, view.labels, file.spans) };
    } catch (e) {
      // The file read, but the label settings do not fit it (e.g. a bad label column).
      return { error: { message: `${file.name}: ${(e as Error).message}`, source: file.name } };
    }
  }, [file, view.labels]);
  const exploration = result !== null && "exploration" in result ? result.exploration : null;
  const table = useMemo(() => (exploration === null ? null : rowTable(exploration.rows)), [exploration]);

  const loaded = (next: LoadedSource, example: string | null) => {
    setError(null);
    // A split of the file before is not a split of this one.
    setSplit(null);
    setFile(next);
    setView((v) => {
      // The file a link named: its view as linked. Any other: its own view, from the start.
      if (v.file === next.name) return v;
      // A bundled example comes with the label settings it is meant to be read with.
      const labels = example !== null ? (EXAMPLE_LABELS[example] ?? DEFAULT_VIEW.labels) : v.labels;
      return { ...DEFAULT_VIEW, file: next.name, labels, tab: v.tab };
    });
  };
  // A file that fails replaces the one before: its error must not sit above the old file's report.
  const failed = (next: LoadError) => {
    setFile(null);
    setSplit(null);
    setError(next);
  };
  const waiting = view.file !== null && file?.name !== view.file && error === null;
  const linkedExample = useRef(linked.file !== null && EXAMPLES.some((e) => e.name === linked.file) ? linked.file : null);

  return (
    <div class="app">
      <header class="top">
        <h1>whileai trace explorer</h1>
        <p class="muted">Everything runs in this page: files are read here and never uploaded.</p>
        <FileSource id="trace" label="Traces" onLoaded={loaded} onError={failed} autoLoad={linkedExample.current} />
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
        {file !== null && <SourceSummary source={file} />}
      </header>
      <Tabs tabs={TABS} active={view.tab} onSelect={(tab) => update({ tab })} />
      <main>
        {/* Always mounted, hidden on other tabs: a scan keeps running, and its result stays, while the user looks elsewhere. */}
        <div id="panel-leakage" role="tabpanel" aria-labelledby="tab-leakage" hidden={view.tab !== "leakage"}>
          <LeakageView key={split?.version ?? 0} preset={split?.choice ?? null} />
        </div>
        {view.tab === "leakage" ? null : (
          <div id={`panel-${view.tab}`} role="tabpanel" aria-labelledby={`tab-${view.tab}`}>
            {exploration === null || file === null || table === null ? (
              <p class="muted empty">
                Open or drop a trace file (JSONL rows, OpenAI or Anthropic messages, OTLP JSON or protobuf, gzipped or not; Parquet, CSV/TSV or Arrow tables),
                or load a bundled example.
              </p>
            ) : view.tab === "report" ? (
              <ReportView exploration={exploration} source={file.report} />
            ) : view.tab === "rows" ? (
              <RowsView table={table} query={view.rows} onQuery={(rows) => update({ rows })} onOpen={(row) => update({ row, tab: "conversations" })} />
            ) : view.tab === "conversations" ? (
              <ConversationView
                rows={exploration.rows}
                spansOf={exploration.spansOf}
                selected={view.row}
                onSelect={(row) => update({ row })}
                filter={view.conversationFilter}
                onFilter={(conversationFilter) => update({ conversationFilter })}
              />
            ) : view.tab === "cost" ? (
              <CostView rows={exploration.rows} spansOf={exploration.spansOf} />
            ) : view.tab === "harness" ? (
              <HarnessView harness={exploration.harness} />
            ) : (
              <SplitView
                rows={exploration.rows}
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
