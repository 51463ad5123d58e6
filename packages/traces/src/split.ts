/**
 * Splitting traces (traces.md §7): a pseudo-production slice held out by task, so no task sits
 * on both sides, with every distinct flawed behaviour held first; and the flawed rows themselves.
 */
import { NO_FAULT, TRACE_PSEUDO_PRODUCTION_FRACTION, TRACE_TASK_HASH_CHARS } from "./constants.js";
import { traceFault } from "./grading/fault.js";
import { signatureCache } from "./grading/behavior-signature.js";
import { binaryReward } from "./labels.js";
import { mineTraces } from "./mine.js";
import { sha256Hex } from "./sha256.js";
import { compareStrings, get, isDict, or, pyFloat, pyHead, pyIter, pyRoundInt, pyStr, pyStrip, type Dict } from "@whileai/hash-embed/internal";
import { typeName } from "./rows/options.js";

/** `score.stats.task_key(row)`: `scenario_id`, else `task_id`, else `prompt`, as text; falsy values fall through. */
export function taskKey(row: unknown): string {
  // Python would crash on a non-dict row; it has no key here.
  if (!isDict(row)) return "";
  return pyStr(or(or(or(get(row, "scenario_id"), get(row, "task_id")), get(row, "prompt")), ""));
}

/**
 * `_task_key(row, index)`: `["task", key]` for a row with a non-blank key (not stripped for
 * identity), else `["index", index]`, so a row with no key is its own task.
 */
export function taskIdentity(row: unknown, index: number): ["task", string] | ["index", number] {
  const key = taskKey(row);
  return key !== "" && pyStrip(key) !== "" ? ["task", key] : ["index", index];
}

export interface SplitOptions {
  /** Share of rows to hold out (default 0.2). Flawed tasks are held even past it, or at 0. */
  fraction?: number;
  /** Orders the fill; rendered with Python's `str()` into the hash text. */
  seed?: unknown;
}

/** `max(1, min(n, round(max(0.0, float(fraction)) * n)))` when `fraction > 0`, else 0. */
function targetSize(fraction: unknown, n: number): number {
  if (typeof fraction !== "number" && typeof fraction !== "boolean" && typeof fraction !== "bigint") {
    throw new TypeError(`splitPseudoProduction: option fraction must be a number, got ${typeName(fraction)}`);
  }
  const share = pyFloat(fraction) as number;
  // A NaN fraction fails the comparison, so it holds nothing beyond the flawed tasks.
  if (!(share > 0)) return 0;
  const product = share * n;
  if (product === Infinity) throw new Error("splitPseudoProduction: option fraction must be finite, got Infinity");
  return Math.max(1, Math.min(n, pyRoundInt(product)));
}


/**
 * `split_pseudo_production(rows, fraction=, seed=)` -> `[production, remainder]`, both in input
 * order; non-dict rows are in neither.
 *
 * Every task with a not-yet-seen `(fault, behaviour)` flaw is held first, then unchosen tasks
 * in the order of `sha256(f"{seed}:{first}:{prompt[:200]}")` until the target is reached (the
 * last task may overshoot it).
 */
export function splitPseudoProduction<T>(rows: Iterable<T>, options: SplitOptions = {}): [T[], T[]] {
  const items: (T & Dict)[] = [];
  for (const row of pyIter(rows)) if (isDict(row)) items.push(row as T & Dict);
  const n = items.length;
  if (n === 0) return [[], []];
  const target = targetSize(options.fraction === undefined ? TRACE_PSEUDO_PRODUCTION_FRACTION : options.fraction, n);

  // Tasks in first-seen order, keyed by a string that keeps "task" and "index" keys apart.
  const tasks = new Map<string, number[]>();
  const taskOf: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const [kind, key] = taskIdentity(items[i], i);
    const id = kind === "task" ? `t${key}` : `i${key}`;
    taskOf[i] = id;
    const members = tasks.get(id);
    if (members === undefined) tasks.set(id, [i]);
    else members.push(i);
  }

  const chosen = new Set<string>();
  let held = 0;
  const choose = (id: string): void => {
    chosen.add(id);
    held += (tasks.get(id) as number[]).length;
  };

  // Flaw pass: the first row of each distinct (fault, behaviour) pulls its task in.
  const signatureOf = signatureCache();
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const row = items[i];
    const fault = traceFault(row);
    if (fault === NO_FAULT && binaryReward(row) !== 0) continue;
    const pair = `${fault}\u0000${signatureOf(row)}`;
    if (seen.has(pair)) continue;
    seen.add(pair);
    if (!chosen.has(taskOf[i])) choose(taskOf[i]);
  }

  // Fill: the remaining tasks in hash order until the target is reached.
  if (held < target) {
    const seed = pyStr(options.seed === undefined ? 0 : options.seed);
    const rest: { id: string; hash: string }[] = [];
    for (const [id, members] of tasks) {
      if (chosen.has(id)) continue;
      const first = members[0];
      const prompt = pyHead(pyStr(or(get(items[first], "prompt"), "")), TRACE_TASK_HASH_CHARS);
      rest.push({ id, hash: sha256Hex(`${seed}:${first}:${prompt}`) });
    }
    // Array.prototype.sort is stable, as Python's sorted is.
    rest.sort((a, b) => compareStrings(a.hash, b.hash));
    for (const { id } of rest) {
      if (held >= target) break;
      choose(id);
    }
  }

  const production: T[] = [];
  const remainder: T[] = [];
  for (let i = 0; i < n; i++) (chosen.has(taskOf[i]) ? production : remainder).push(items[i]);
  return [production, remainder];
}

/**
 * `flaw_rows(rows)`: the rows `mineTraces` marks flawed (a fault or a 0 label). Python applies
 * the mined indices, which count every input element, to the dict rows only; we reproduce that,
 * so a non-dict element before a flawed row shifts the answer (traces.md §7.3).
 */
export function flawRows<T>(rows: Iterable<T>): T[] {
  const list = Array.from(pyIter(rows)) as T[];
  const keep = new Set(mineTraces(list).flaw_rows);
  const out: T[] = [];
  let j = 0;
  for (const row of list) {
    if (!isDict(row)) continue;
    if (keep.has(j)) out.push(row);
    j++;
  }
  return out;
}
