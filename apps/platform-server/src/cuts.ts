/**
 * The training cuts of stored runs (platform-and-otel.md §4.23, §4.25): runs grouped by scenario,
 * the RL band of pass rates, the best passing run per scenario for SFT, and a holdout of whole
 * scenarios, so no task is in both train and holdout.
 */
import { createHash } from "node:crypto";
import type { RunRecord } from "./trace-store.js";

export const DEFAULT_BAND: readonly [number, number] = [0.2, 0.8];
export const DEFAULT_HOLDOUT = 0.2;
/** A pass rate needs at least this many graded runs of a scenario; fewer is "needs more runs". */
export const MIN_GRADED = 2;

export type GroupKind = "fail" | "band" | "solved" | "more" | "ungraded";

export interface Group {
  task: string;
  runs: RunRecord[];
  graded: number;
  passes: number;
  kind: GroupKind;
}

/** The reward of a run: a `reward` score, else a `score` score, else the span attribute's. */
export function runReward(run: RunRecord): number | null {
  for (const name of ["reward", "score"]) {
    const v = run.scores.get(name)?.value;
    if (typeof v === "number") return v;
  }
  const r = run.row["reward"];
  return typeof r === "number" ? r : null;
}

/** The scenario: `zeroproof.scenario_id` / `whileai.scenario_id` of the trace, else the prompt. */
export function runTask(run: RunRecord): string | null {
  if (run.scenario) return run.scenario;
  const prompt = run.row["prompt"];
  return typeof prompt === "string" && prompt ? prompt : null;
}

/** The platform's pass rule. */
const passes = (reward: number) => reward >= 1;

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

/** Scenarios in first-seen order, each with its kind under the band `[lo, hi]`. */
export function groupRuns(runs: RunRecord[], lo: number, hi: number): Group[] {
  const groups = new Map<string, Group>();
  for (const run of runs) {
    const task = runTask(run);
    if (task === null) continue;
    let g = groups.get(task);
    if (!g) groups.set(task, (g = { task, runs: [], graded: 0, passes: 0, kind: "ungraded" }));
    g.runs.push(run);
    const reward = runReward(run);
    if (reward === null) continue;
    g.graded++;
    if (passes(reward)) g.passes++;
  }
  for (const g of groups.values()) {
    if (g.graded === 0) continue;
    const rate = g.passes / g.graded;
    // Only a scenario with both a pass and a fail gives a group-relative RL update anything to learn.
    if (g.graded < MIN_GRADED) g.kind = "more";
    else if (rate > 0 && rate < 1 && rate >= lo && rate <= hi) g.kind = "band";
    else g.kind = rate < lo || rate === 0 ? "fail" : "solved";
  }
  return [...groups.values()];
}

/**
 * The scenarios held out: the `round(n × fraction)` with the lowest sha256 of their name, at most
 * n − 1 so training keeps one. Deterministic, and the same scenario stays on its side as runs arrive.
 */
export function holdoutTasks(tasks: string[], fraction: number): Set<string> {
  const k = Math.min(Math.round(tasks.length * fraction), tasks.length - 1);
  if (k <= 0) return new Set();
  const hashed = tasks.map((t) => [createHash("sha256").update(t).digest("hex"), t] as const);
  hashed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return new Set(hashed.slice(0, k).map(([, t]) => t));
}

/** The best passing run: highest reward, then fewest steps, then the earliest. */
export function bestRun(group: Group): RunRecord | null {
  let best: RunRecord | null = null;
  let bestKey: [number, number] = [-Infinity, Infinity];
  for (const run of group.runs) {
    const reward = runReward(run);
    if (reward === null || !passes(reward)) continue;
    const steps = Array.isArray(run.row["steps"]) ? run.row["steps"].length : 0;
    if (reward > bestKey[0] || (reward === bestKey[0] && steps < bestKey[1])) [best, bestKey] = [run, [reward, steps]];
  }
  return best;
}

export interface CutSelection {
  kind: "rl" | "sft";
  train: { tasks: number; runs: RunRecord[] };
  holdout: { tasks: number; runs: RunRecord[] };
}

/** The runs of an RL cut (every graded run of each band scenario) or an SFT cut (the best passing run of each). */
export function selectCut(groups: Group[], kind: "rl" | "sft", holdout: number): CutSelection {
  const chosen = groups.filter((g) => (kind === "rl" ? g.kind === "band" : g.passes > 0));
  const held = holdoutTasks(chosen.map((g) => g.task), holdout);
  const out: CutSelection = { kind, train: { tasks: 0, runs: [] }, holdout: { tasks: 0, runs: [] } };
  for (const g of chosen) {
    const side = held.has(g.task) ? out.holdout : out.train;
    side.tasks++;
    if (kind === "rl") side.runs.push(...g.runs.filter((r) => runReward(r) !== null));
    else side.runs.push(bestRun(g)!);
  }
  return out;
}

/** The `GET /traces/cuts` report. */
export function cutsReport(runs: RunRecord[], lo: number, hi: number, holdout: number): Record<string, unknown> {
  const groups = groupRuns(runs, lo, hi);
  const count = (kind: GroupKind) => groups.filter((g) => g.kind === kind).length;
  const gradedRuns = groups.reduce((n, g) => n + g.graded, 0);
  const rl = selectCut(groups, "rl", holdout);
  const sft = selectCut(groups, "sft", holdout);
  const rlRows = rl.train.runs.length + rl.holdout.runs.length;
  const rlPasses = groups.filter((g) => g.kind === "band").reduce((n, g) => n + g.passes, 0);
  return {
    prompts: groups.filter((g) => g.graded > 0).length,
    runs: runs.length,
    noReward: groups.reduce((n, g) => n + g.runs.length - g.graded, 0),
    kinds: { fail: { prompts: count("fail") }, band: { prompts: count("band") }, solved: { prompts: count("solved") } },
    rl: {
      prompts: rl.train.tasks + rl.holdout.tasks,
      rows: rlRows,
      support: gradedRuns ? round4(rlRows / gradedRuns) : 0,
      passRate: rlRows ? round4(rlPasses / rlRows) : null,
      train: rl.train.tasks,
      holdout: rl.holdout.tasks,
    },
    sft: { prompts: sft.train.tasks + sft.holdout.tasks, rows: sft.train.runs.length + sft.holdout.runs.length, train: sft.train.tasks, holdout: sft.holdout.tasks },
    more: { prompts: count("more") },
    band: [lo, hi],
    holdout,
    groups: groups.map((g) => ({
      prompt: g.task,
      runs: g.runs.length,
      graded: g.graded,
      passes: g.passes,
      passRate: g.graded ? round4(g.passes / g.graded) : null,
      kind: g.kind,
    })),
  };
}

/** A run as a dataset row: the OTLP row with the effective reward, its scenario and trace id. */
export function datasetRow(run: RunRecord): Record<string, unknown> {
  const reward = runReward(run);
  return { ...run.row, ...(reward === null ? {} : { reward }), scenario_id: runTask(run), trace_id: run.traceId };
}
