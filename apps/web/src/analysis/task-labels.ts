/**
 * Passes and fails per task (`taskKey`: `scenario_id`, else `task_id`, else the prompt), the
 * picture behind "which asks does the agent get wrong", and the histogram of per-task pass rates.
 */
import { taskKey, type TraceRow } from "@whileai/traces";

export interface TaskTally {
  task: string;
  passes: number;
  fails: number;
  ungraded: number;
}

/** Tasks drawn in the pass/fail chart; the rest are counted under it. */
export const TASKS_CHARTED = 25;

/**
 * What the report draws of the tasks: the largest ones and counts over all of them, never every
 * task (a file of distinct prompts has a task a row, a million objects to send to the page).
 */
export interface TaskLabels {
  /** The TASKS_CHARTED tasks with the most rows, most first (first seen breaks ties). */
  largest: TaskTally[];
  /** Tasks in all. */
  taskCount: number;
  /** Whether every task has exactly one row (then per-task bars only repeat each row's label). */
  oneRowEach: boolean;
  /** Rows labelled 1, 0, and neither, over all tasks. */
  passes: number;
  fails: number;
  ungraded: number;
  /** Tasks with at least one graded row, by pass rate: bin i holds rates in [i/10, (i+1)/10), the last also 1.0. */
  passRateBins: number[];
  gradedTasks: number;
}

export const RATE_BINS = 10;

export function taskLabels(rows: readonly TraceRow[]): TaskLabels {
  const byTask = new Map<string, TaskTally>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    // A row with no key is its own task, as splitPseudoProduction counts it.
    const key = taskKey(row).trim() === "" ? `(row ${i + 1})` : taskKey(row);
    let tally = byTask.get(key);
    if (tally === undefined) byTask.set(key, (tally = { task: key, passes: 0, fails: 0, ungraded: 0 }));
    if (row.reward === 1) tally.passes++;
    else if (row.reward === 0) tally.fails++;
    else tally.ungraded++;
  }
  const tasks = [...byTask.values()];
  const size = (t: TaskTally) => t.passes + t.fails + t.ungraded;
  // Array.prototype.sort is stable: equal sizes keep first-seen order.
  tasks.sort((a, b) => size(b) - size(a));
  const passRateBins = new Array<number>(RATE_BINS).fill(0);
  let gradedTasks = 0;
  const labels = { passes: 0, fails: 0, ungraded: 0 };
  for (const t of tasks) {
    labels.passes += t.passes;
    labels.fails += t.fails;
    labels.ungraded += t.ungraded;
    const graded = t.passes + t.fails;
    if (graded === 0) continue;
    gradedTasks++;
    // Integer division: (passes / graded) * 10 in floats can land just under a bin edge.
    passRateBins[Math.min(RATE_BINS - 1, Math.floor((t.passes * RATE_BINS) / graded))]++;
  }
  return { largest: tasks.slice(0, TASKS_CHARTED), taskCount: tasks.length, oneRowEach: tasks.length > 0 && tasks.every((t) => size(t) === 1), ...labels, passRateBins, gradedTasks };
}
