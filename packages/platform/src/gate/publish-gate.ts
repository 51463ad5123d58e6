/**
 * `publishGate` (platform-and-otel.md §8, Python's `publish_gate`): stamps per-task calibration onto
 * the rows, decides whether they are RL-shaped and refuses RL-shaped rows that cannot teach.
 *
 * The reference names the report keys and the refusal prefixes but not the hygiene, `group_signal`,
 * judge-trust or hack-scan logic. The report holds only what is computed here (`ok`, `rl_shaped`,
 * `mode`, `band`, `signal`, `calibration`, `duplicates`, `warnings`, `refusal`); `judge_trust`,
 * `near_duplicate_prompts`, `length`, `correlations` and `hack_scan` are left out rather than faked.
 */
import * as py from "@whileai/hash-embed/internal";
import { WhileaiError } from "@whileai/traces";
import { binaryReward, rowsPhrase, taskIdentity } from "@whileai/traces/internal";
import { wilsonInterval } from "./wilson.js";

const marker = Symbol.for("@whileai/platform/PublishGateError");

/** Python's `PublishGateError(ValueError)`: the gate refused the rows. `report` is the full gate report. */
export class PublishGateError extends WhileaiError {
  override readonly name = "PublishGateError";
  readonly report: GateReport;
  constructor(message: string, report: GateReport) {
    super(message);
    this.report = report;
  }

  private get [marker](): true {
    return true;
  }

  static override isInstance(value: unknown): value is PublishGateError {
    return WhileaiError.hasMarker(value, marker);
  }
}

/** Python's `DEFAULT_BAND`: pass rates a group should sit between to carry RL signal. */
export const DEFAULT_BAND: readonly [number, number] = [0.2, 0.8];

export const STRICT_HACKS_NOT_SUPPORTED =
  "strictHacks: true is not supported by @whileai/platform yet (its hack_scan is not ported); push with strictHacks: false";

export interface PublishGateOptions {
  /** `"rl"` makes the rows RL-shaped whatever their task counts. */
  mode?: string | null;
  band?: readonly [number, number];
  /** Throw `PublishGateError` on a refusal (default); `false` only reports it. */
  strict?: boolean;
  /** Python's reward-hack refusal: not supported, `true` throws before anything is stamped. */
  strictHacks?: boolean;
}

/** What `calibrate` stamps on each row with a 0/1 reward, as `row.calibration`. */
export interface Calibration {
  task_id: string;
  student: unknown;
  n: number;
  pass_rate: number;
  mean_kl: number | null;
  pass_rate_ci95: [number, number];
}

export interface GateSignal {
  rows: number;
  tasks: number;
  graded_rows: number;
  graded_tasks: number;
  mixed_tasks: number;
  in_band_tasks: number;
}

export interface GateReport {
  ok: boolean;
  rl_shaped: boolean;
  mode: string | null;
  band: [number, number];
  signal: GateSignal;
  /** One entry per graded task, in first-seen order (the row stamps without `student`). */
  calibration: Omit<Calibration, "student">[];
  duplicates: number;
  warnings: string[];
  refusal: string | null;
}

type Row = Record<string, unknown>;

interface Task {
  key: string;
  rows: Row[];
  graded: Row[];
  passes: number;
  kl: number[];
}

/** The `kl` of a graded row when it is a finite number (the reference does not name the source of `mean_kl`). */
function klOf(row: Row): number | null {
  const kl = py.get(row, "kl");
  return typeof kl === "number" && Number.isFinite(kl) ? kl : null;
}

/** The model that produced the row: `student`, else `model_version`, else null (the reference is silent). */
function studentOf(row: Row): unknown {
  return py.or(py.or(py.get(row, "student"), py.get(row, "model_version")), null);
}

/**
 * Groups dict rows by task (`scenario_id` → `task_id` → `prompt`). A row with no key is a task of
 * its own, as traces' `_task_key` treats it: keyless rows are not repeats of one task. Non-dict rows
 * are skipped (Python's `row.get` would crash; the schema check reports them afterwards).
 */
function groupTasks(rows: readonly unknown[]): Task[] {
  const tasks = new Map<string, Task>();
  rows.forEach((row, i) => {
    if (!py.isDict(row)) return;
    const [kind, id] = taskIdentity(row, i);
    const mapKey = kind === "task" ? `t:${id}` : `i:${id}`;
    let task = tasks.get(mapKey);
    if (!task) tasks.set(mapKey, (task = { key: kind === "task" ? String(id) : "", rows: [], graded: [], passes: 0, kl: [] }));
    task.rows.push(row);
    const reward = binaryReward(row);
    if (reward === null) return;
    task.graded.push(row);
    task.passes += reward;
    const kl = klOf(row);
    if (kl !== null) task.kl.push(kl);
  });
  return [...tasks.values()];
}

function taskCalibration(task: Task): Omit<Calibration, "student"> {
  const n = task.graded.length;
  const meanKl = task.kl.length ? task.kl.reduce((a, b) => a + b, 0) / task.kl.length : null;
  return { task_id: task.key, n, pass_rate: task.passes / n, mean_kl: meanKl, pass_rate_ci95: wilsonInterval(task.passes, n) };
}

/** Rows equal to an earlier row, compared as Python's `json.dumps` text before this gate stamps them. */
function countDuplicates(rows: readonly unknown[]): number {
  const seen = new Set<string>();
  let duplicates = 0;
  for (const row of rows) {
    if (!py.isDict(row)) continue;
    // A stamp left by an earlier gate (rows pulled and pushed again) is not the row's content.
    let content: Row = row;
    if ("calibration" in row) {
      const { calibration: _stamp, ...rest } = row;
      content = rest;
    }
    const text = py.pyJsonDumps(content);
    if (seen.has(text)) duplicates += 1;
    else seen.add(text);
  }
  return duplicates;
}

/**
 * Python's `publish_gate(rows, mode=…)`. Stamps `calibration` **in place** on every dict row with a
 * 0/1 reward (`reward`, else `qwen_reward`), as Python does, then refuses RL-shaped rows (mode `"rl"`,
 * or a task seen more than once) that have no 0/1 reward (`ungraded_rl_rows`) or no task with both a
 * pass and a fail (`no_mixed_groups`). Hygiene problems only warn; no row is dropped.
 */
export function publishGate(rows: readonly unknown[], options: PublishGateOptions = {}): GateReport {
  if (options.strictHacks) throw new Error(STRICT_HACKS_NOT_SUPPORTED);
  const mode = options.mode ?? null;
  const [lo, hi] = options.band ?? DEFAULT_BAND;
  const duplicates = countDuplicates(rows);
  const tasks = groupTasks(rows);
  const calibration: Omit<Calibration, "student">[] = [];
  let graded = 0;
  let mixed = 0;
  let inBand = 0;
  let unanimous = 0;
  for (const task of tasks) {
    if (!task.graded.length) continue;
    const stamp = taskCalibration(task);
    calibration.push(stamp);
    for (const row of task.graded) row["calibration"] = { ...stamp, student: studentOf(row) };
    graded += task.graded.length;
    if (task.passes > 0 && task.passes < stamp.n) mixed += 1;
    else if (stamp.n > 1) unanimous += 1;
    if (stamp.pass_rate >= lo && stamp.pass_rate <= hi) inBand += 1;
  }
  const dictRows = tasks.reduce((a, t) => a + t.rows.length, 0);
  const rlShaped = mode === "rl" || tasks.some((t) => t.rows.length > 1);
  const signal: GateSignal = {
    rows: dictRows,
    tasks: tasks.length,
    graded_rows: graded,
    graded_tasks: calibration.length,
    mixed_tasks: mixed,
    in_band_tasks: inBand,
  };

  const warnings: string[] = [];
  if (duplicates) warnings.push(`exact duplicates of an earlier row: ${rowsPhrase(duplicates)}`);
  if (rlShaped && unanimous) warnings.push(`${unanimous} of ${calibration.length} graded tasks are unanimous (every run passes or every run fails) and carry no RL signal`);
  const outOfBand = calibration.length - inBand;
  if (rlShaped && outOfBand) warnings.push(`${outOfBand} of ${calibration.length} graded tasks have a pass rate outside the band [${py.pyStr(lo)}, ${py.pyStr(hi)}]`);

  let refusal: string | null = null;
  if (rlShaped && graded === 0) {
    refusal =
      `ungraded_rl_rows: ${rowsPhrase(dictRows)} in ${tasks.length} tasks look like RL (mode "rl" or a task run more than once) ` +
      "but none has a 0/1 reward; grade them (reward 0 or 1) or push with gate: false";
  } else if (rlShaped && mixed === 0) {
    refusal =
      `no_mixed_groups: none of the ${calibration.length} graded tasks has both a pass and a fail, so RL has nothing to learn from; ` +
      "add runs until some task has both, or push with gate: false";
  }
  const report: GateReport = { ok: refusal === null, rl_shaped: rlShaped, mode, band: [lo, hi], signal, calibration, duplicates, warnings, refusal };
  if (refusal !== null && (options.strict ?? true)) throw new PublishGateError(refusal, report);
  return report;
}
