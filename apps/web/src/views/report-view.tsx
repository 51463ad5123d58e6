/** The trace report: counts, the label census with its warnings, tools, faults, behaviours. */
import type { SourceReport } from "@whileai/ingest";
import { formatTraceReport } from "@whileai/traces";
import type { Exploration } from "../analysis/explore.js";
import { FaultsPerToolChart, PassRateHistogram, TaskPassFailChart } from "./charts.js";
import { count, counted, percent } from "./format.js";
import { pageWording } from "./page-wording.js";
import { ScrollablePre } from "./scrollable-pre.js";
import type { RowQuestions } from "../analysis/row-questions.js";
import { RowsUsageCards } from "./usage-cards.js";

const STATS = [
  ["traces", "traces"],
  ["dropped", "dropped"],
  ["unique_prompts", "unique prompts"],
  ["distinct_behaviors", "distinct behaviours"],
  ["graded", "graded"],
  ["passes", "passes"],
  ["fails", "fails"],
  ["ungraded", "ungraded"],
  ["non_binary_labels", "labelled but not 0/1"],
  ["advisory_labels", "advisory labels"],
] as const;

/**
 * Records the front door dropped before any row existed: lines that are not JSON, records a reader
 * left out, table records that do not decode. Rows that are not objects or carry no trace reach
 * traceReport as read (`raw`), which counts them itself.
 */
export function droppedReading(source: SourceReport): number {
  const { invalid_lines, left_out, unreadable } = source.dropped;
  return invalid_lines + left_out + unreadable;
}

/** Each problem is listed above every tab (SourceSummary); the `dropped` card counts them all. */
export function ReportView({ exploration, source, questions }: { exploration: Exploration; source: SourceReport; questions: RowQuestions }) {
  const { report } = exploration;
  const reading = droppedReading(source);
  const tools = Object.entries(report.tools_observed).sort((a, b) => b[1].n - a[1].n);
  const faults = Object.entries(report.faults_observed);
  const worlds = Object.entries(report.world_states_observed);
  const unread = Object.entries(report.unread_numeric_columns);
  // The page always aims the report at the tools the traces call; none called leaves it unaimed.
  const wording = { toolsGiven: report.emphasis !== undefined };
  return (
    <section data-testid="report">
      <dl class="stats">
        {STATS.map(([key, label]) =>
          key === "dropped" ? (
            <div key={key} data-stat={key} data-report-dropped={report.dropped} data-reading-dropped={reading} class={report.dropped + reading > 0 ? "lost" : undefined}>
              <dt>{label}</dt>
              <dd>
                <span data-value>{count(report.dropped + reading)}</span>
                {reading > 0 && <small>{` ${count(reading)} unreadable${report.dropped > 0 ? `, ${count(report.dropped)} not traces` : ""}`}</small>}
              </dd>
            </div>
          ) : (
            <div key={key} data-stat={key}>
              <dt>{label}</dt>
              <dd>{count(report[key])}</dd>
            </div>
          ),
        )}
      </dl>

      <h2>Time, tokens and cost</h2>
      <RowsUsageCards rows={exploration.rows} questions={questions} />

      <h2>Label census</h2>
      {report.warnings.length === 0 ? (
        <p class="muted" data-testid="no-warnings">No warnings: the labels read as 0/1.</p>
      ) : (
        <ul class="warnings" data-testid="warnings">
          {report.warnings.map((w, i) => <li key={i}>{pageWording(w, wording)}</li>)}
        </ul>
      )}
      {unread.length > 0 && (
        <table data-testid="unread-columns">
          <thead><tr><th>numeric column no label key reads</th><th class="num">unlabelled rows carrying it</th></tr></thead>
          <tbody>{unread.map(([name, n]) => <tr key={name} data-column={name}><td><code>{name}</code></td><td class="num">{count(n)}</td></tr>)}</tbody>
        </table>
      )}

      <h2>Tools</h2>
      <div class="side-by-side">
        <table data-testid="tools">
          <thead><tr><th>tool</th><th class="num">calls</th><th class="num">faulted</th><th class="num">fault rate</th></tr></thead>
          <tbody>
            {tools.map(([name, t]) => (
              <tr key={name} data-tool={name}>
                <td><code>{name}</code></td>
                <td class="num" data-field="calls">{count(t.n)}</td>
                <td class="num" data-field="faults">{count(t.fault_n)}</td>
                <td class="num">{percent(t.fault_n, t.n)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <FaultsPerToolChart tools={report.tools_observed} />
      </div>

      <div class="side-by-side">
        <div>
          <h2>Faults</h2>
          <CountTable testId="faults" head="fault" entries={faults} empty="No faulted tool results." />
        </div>
        <div>
          <h2>World states</h2>
          <CountTable testId="world-states" head="world state" entries={worlds} empty="None observed." />
        </div>
      </div>

      {report.emphasis !== undefined && Object.keys(report.emphasis).length > 0 && (
        <>
          <h2>Emphasis</h2>
          <p class="muted">Grid values these traces move ahead of the plain grid for the drafted tools.</p>
          <dl class="emphasis" data-testid="emphasis">
            {Object.entries(report.emphasis).map(([axis, values]) => (
              <div key={axis}><dt>{axis}</dt><dd>{values.join(", ")}</dd></div>
            ))}
          </dl>
        </>
      )}

      <h2>Passes and fails per task</h2>
      {exploration.tasks.oneRowEach ? (
        <OneRowPerTask labels={exploration.tasks} />
      ) : (
        <>
          <TaskPassFailChart labels={exploration.tasks} />
          <h2>Pass rates</h2>
          <PassRateHistogram labels={exploration.tasks} />
        </>
      )}

      <details>
        <summary>The report as text (<code>formatTraceReport</code>, its hints naming this page's boxes)</summary>
        <ScrollablePre testId="report-text">{pageWording(formatTraceReport(report), wording)}</ScrollablePre>
      </details>
    </section>
  );
}

/** Per-task bars and pass rates only repeat each row's own label when no task has a second row. */
function OneRowPerTask({ labels }: { labels: Exploration["tasks"] }) {
  return (
    <p class="muted" data-testid="one-row-per-task">
      {`Each of the ${counted(labels.taskCount, "task")} has one row (${count(labels.passes)} passed, ${count(labels.fails)} failed, ${count(labels.ungraded)} ungraded), so per-task bars and pass rates would only repeat each row's label. Rows are one task when they share a `}
      <code>scenario_id</code>, else a <code>task_id</code>, else the same prompt.
    </p>
  );
}

function CountTable({ testId, head, entries, empty }: { testId: string; head: string; entries: [string, number][]; empty: string }) {
  if (entries.length === 0) return <p class="muted" data-testid={testId}>{empty}</p>;
  return (
    <table data-testid={testId}>
      <thead><tr><th>{head}</th><th class="num">count</th></tr></thead>
      <tbody>{entries.map(([name, n]) => <tr key={name} data-name={name}><td><code>{name}</code></td><td class="num">{count(n)}</td></tr>)}</tbody>
    </table>
  );
}
