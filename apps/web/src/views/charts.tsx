/**
 * The three pictures of a report, as plain SVG: faults per tool, passes and fails per task, and
 * how the per-task pass rates spread. Each bar carries its numbers in a <title> (hover) and the
 * tables beside the charts carry them too, so nothing is only in the picture.
 */
import type { ToolTally } from "@whileai/traces";
import type { TaskLabels } from "../analysis/task-labels.js";
import { RATE_BINS } from "../analysis/task-labels.js";
import { clip, count } from "./format.js";

const ROW = 22;
const LABEL_WIDTH = 190;
const BAR_WIDTH = 420;
const CHART_WIDTH = LABEL_WIDTH + BAR_WIDTH + 90;
const PASS = "#2e8540";
const FAIL = "#c8332b";
const NEUTRAL = "#a8b3c2";

/** Calls per tool, with the faulted share drawn over them. */
export function FaultsPerToolChart({ tools }: { tools: Record<string, ToolTally> }) {
  const entries = Object.entries(tools).sort((a, b) => b[1].n - a[1].n);
  if (entries.length === 0) return <p class="muted">No tool calls in these traces.</p>;
  const max = Math.max(...entries.map(([, t]) => t.n));
  const height = entries.length * ROW + 24;
  return (
    <figure data-testid="chart-faults-per-tool">
      <svg viewBox={`0 0 ${CHART_WIDTH} ${height}`} width={CHART_WIDTH} height={height} role="img" aria-label="Calls and faults per tool">
        {entries.map(([name, t], i) => {
          const y = i * ROW;
          const calls = (t.n / max) * BAR_WIDTH;
          const faults = (t.fault_n / max) * BAR_WIDTH;
          return (
            <g key={name} data-tool={name}>
              <title>{`${name}: ${count(t.n)} calls, ${count(t.fault_n)} faulted`}</title>
              <text x={LABEL_WIDTH - 8} y={y + 15} text-anchor="end" class="chart-label">{clip(name, 28)}</text>
              <rect x={LABEL_WIDTH} y={y + 3} width={calls} height={ROW - 6} fill={NEUTRAL} />
              <rect x={LABEL_WIDTH} y={y + 3} width={faults} height={ROW - 6} fill={FAIL} />
              <text x={LABEL_WIDTH + calls + 6} y={y + 15} class="chart-value">{`${count(t.fault_n)} / ${count(t.n)}`}</text>
            </g>
          );
        })}
        <Legend y={height - 8} items={[["calls", NEUTRAL], ["faulted calls", FAIL]]} />
      </svg>
    </figure>
  );
}

export function TaskPassFailChart({ labels }: { labels: TaskLabels }) {
  const shownTasks = labels.largest;
  if (shownTasks.length === 0) return <p class="muted">No rows.</p>;
  const max = Math.max(...shownTasks.map((t) => t.passes + t.fails + t.ungraded));
  const height = shownTasks.length * ROW + 24;
  const hidden = labels.taskCount - shownTasks.length;
  return (
    <figure data-testid="chart-task-labels">
      <svg viewBox={`0 0 ${CHART_WIDTH} ${height}`} width={CHART_WIDTH} height={height} role="img" aria-label="Passes and fails per task">
        {shownTasks.map((t, i) => {
          const y = i * ROW;
          const scale = BAR_WIDTH / max;
          const widths = [t.passes * scale, t.fails * scale, t.ungraded * scale];
          return (
            <g key={t.task} data-task={t.task}>
              <title>{`${t.task}: ${t.passes} passed, ${t.fails} failed, ${t.ungraded} ungraded`}</title>
              <text x={LABEL_WIDTH - 8} y={y + 15} text-anchor="end" class="chart-label">{clip(t.task, 28)}</text>
              <rect x={LABEL_WIDTH} y={y + 3} width={widths[0]} height={ROW - 6} fill={PASS} />
              <rect x={LABEL_WIDTH + widths[0]} y={y + 3} width={widths[1]} height={ROW - 6} fill={FAIL} />
              <rect x={LABEL_WIDTH + widths[0] + widths[1]} y={y + 3} width={widths[2]} height={ROW - 6} fill={NEUTRAL} />
              <text x={LABEL_WIDTH + widths[0] + widths[1] + widths[2] + 6} y={y + 15} class="chart-value">{`${t.passes}✓ ${t.fails}✗${t.ungraded > 0 ? ` ${t.ungraded}?` : ""}`}</text>
            </g>
          );
        })}
        <Legend y={height - 8} items={[["pass", PASS], ["fail", FAIL], ["ungraded", NEUTRAL]]} />
      </svg>
      <figcaption>
        {labels.taskCount === 1 ? "1 task" : `${count(labels.taskCount)} tasks`} (task = <code>scenario_id</code>, else <code>task_id</code>, else the prompt), most rows first
        {hidden > 0 ? `; ${count(hidden)} more not drawn` : ""}.
      </figcaption>
    </figure>
  );
}

export function PassRateHistogram({ labels }: { labels: TaskLabels }) {
  if (labels.gradedTasks === 0) return <p class="muted">No task has a graded row: no pass rates to draw. Name the label column above if the rows carry one.</p>;
  const width = 600;
  const plot = 160;
  const barWidth = width / RATE_BINS;
  const max = Math.max(...labels.passRateBins);
  return (
    <figure data-testid="chart-pass-rate">
      <svg viewBox={`0 0 ${width} ${plot + 40}`} width={width} height={plot + 40} role="img" aria-label="Histogram of per-task pass rates">
        {labels.passRateBins.map((n, i) => {
          const h = max === 0 ? 0 : (n / max) * (plot - 16);
          const range = i === RATE_BINS - 1 ? `${i * 10}–100%` : `${i * 10}–${i * 10 + 10}%`;
          return (
            <g key={i} data-bin={i}>
              <title>{`pass rate ${range}: ${n} tasks`}</title>
              <rect x={i * barWidth + 4} y={plot - h} width={barWidth - 8} height={h} fill={i >= RATE_BINS / 2 ? PASS : FAIL} opacity={0.35 + (0.65 * Math.abs(i - 4.5)) / 4.5} />
              <text x={i * barWidth + barWidth / 2} y={plot - h - 4} text-anchor="middle" class="chart-value">{n}</text>
              <text x={i * barWidth + barWidth / 2} y={plot + 16} text-anchor="middle" class="chart-label">{range}</text>
            </g>
          );
        })}
      </svg>
      <figcaption>{`Pass rate of each of the ${count(labels.gradedTasks)} tasks with a graded row.`}</figcaption>
    </figure>
  );
}

function Legend({ y, items }: { y: number; items: [string, string][] }) {
  let x = LABEL_WIDTH;
  return (
    <g class="chart-legend">
      {items.map(([label, color]) => {
        const at = x;
        x += label.length * 7 + 30;
        return (
          <g key={label}>
            <rect x={at} y={y - 9} width={10} height={10} fill={color} />
            <text x={at + 14} y={y} class="chart-label">{label}</text>
          </g>
        );
      })}
    </g>
  );
}
