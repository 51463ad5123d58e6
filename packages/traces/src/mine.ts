/**
 * `mine_traces` (traces.md §4): what a batch of traces says about the agent, in one pass over
 * the rows: the tools called and how often they faulted, the fault chips, the world states, the
 * distinct behaviours, the flawed rows, the distinct asks and the labelled failures.
 */
import { NO_FAULT, UNKNOWN_WORLDS } from "./constants.js";
import { bump } from "./counter.js";
import { faultFromPlan, faultFromResult } from "./grading/fault.js";
import { DistinctBehaviors } from "./grading/distinct-behaviors.js";
import { labelKeys, labelOf, type RewardKey } from "./labels.js";
import { isDict, or, pyIter, pyStr, pyStrip, truthy } from "@whileai/hash-embed/internal";

export interface ToolTally {
  n: number;
  fault_n: number;
}

/**
 * `mine_traces`' answer with its dicts as Maps: Python's dicts keep first-seen order, which the
 * grid and the report read (tie order, `foreign_tools`), and a plain object would move
 * integer-like keys such as a "500" chip to the front.
 */
export interface MinedCounters {
  /** Every input element, non-dicts included. */
  n: number;
  tools: Map<string, ToolTally>;
  faults: Map<string, number>;
  world_states: Map<string, number>;
  unique_behaviors: number;
  /** Indices into the input, non-dicts counted. */
  flaw_rows: number[];
  asks: string[];
  label_fails: number;
  label_fail_tools: Map<string, number>;
  flaw_world_states: Map<string, number>;
}

/** `mine_traces`' answer as returned: the same fields, its dicts as plain objects. */
export type MinedTraces = { [K in keyof MinedCounters]: MinedCounters[K] extends Map<string, infer V> ? Record<string, V> : MinedCounters[K] };

export interface MineOptions {
  rewardKey?: RewardKey;
  threshold?: unknown;
}

/** `mine_traces(rows, reward_key=, threshold=)`. Labels read `reward`, then `qwen_reward`, unless a key is named. */
export function mineTraces(rows: Iterable<unknown>, options: MineOptions = {}): MinedTraces {
  const mined = mineCounters(rows, options);
  return {
    ...mined,
    tools: Object.fromEntries(mined.tools),
    faults: Object.fromEntries(mined.faults),
    world_states: Object.fromEntries(mined.world_states),
    label_fail_tools: Object.fromEntries(mined.label_fail_tools),
    flaw_world_states: Object.fromEntries(mined.flaw_world_states),
  };
}

/**
 * `mineTraces` with its counters kept as ordered Maps, for the grid and the report. The report
 * reads no asks and passes `readAsks = false`, which leaves `asks` empty. With `load`, each
 * element is mined as `load` returns it (null: not a row): the report loads rows this way, one
 * at a time, so a loaded copy is garbage as soon as it is mined rather than kept for a second
 * pass (surviving copies were most of the report's collector time on rows as read).
 */
export function mineCounters(rows: Iterable<unknown>, options: MineOptions = {}, readAsks = true, load?: (row: unknown) => unknown): MinedCounters {
  const tools = new Map<string, ToolTally>();
  const faults = new Map<string, number>();
  const worldStates = new Map<string, number>();
  const flawWorldStates = new Map<string, number>();
  const labelFailTools = new Map<string, number>();
  const behaviors = new DistinctBehaviors();
  const flawRows: number[] = [];
  const asks: string[] = [];
  const seenAsks = new Set<string>();
  let labelFails = 0;
  // Resolved on the first dict row, as Python resolves them per row: no rows, no key error.
  let keys: string[] | null = null;
  let i = -1;

  // A dict argument is iterated as Python does, by its keys: none is a row, but each counts in `n`.
  // Rows and steps are walked by index: an iterator result per row or step is garbage.
  const items = pyIter(rows);
  const list: readonly unknown[] = Array.isArray(items) ? items : Array.from(items);
  // Fixed keys are read as plain properties (`row.steps`): none is a name Object.prototype
  // carries, so only the row's own value can answer, and `get`'s check is not needed.
  while (++i < list.length) {
    const row = load === undefined ? list[i] : load(list[i]);
    if (!isDict(row)) continue;
    keys ??= labelKeys(options.rewardKey, true);
    const reward = labelOf(row, keys, options.threshold);
    behaviors.add(row);
    const world = pyStrip(pyStr(or(row.world_state, "")));
    const knownWorld = world !== "" && !UNKNOWN_WORLDS.has(world);
    if (knownWorld) bump(worldStates, world);

    // One walk gives the tool tallies and trace_fault's answer: both read the same calls
    // (a dict step with a truthy tool and a non-None result), and the first faulted one wins.
    let fault = "";
    let sawResult = false;
    const steps = row.steps;
    // A string or dict `steps` yields characters or keys, which are skipped; an int would crash Python.
    if (Array.isArray(steps)) {
      for (let s = 0; s < steps.length; s++) {
        const step = steps[s];
        if (!isDict(step)) continue;
        const tool = step.tool;
        if (!truthy(tool)) continue;
        const name = pyStr(tool);
        let tally = tools.get(name);
        if (tally === undefined) tools.set(name, (tally = { n: 0, fault_n: 0 }));
        tally.n++;
        const result = step.result ?? null;
        if (result !== null) {
          sawResult = true;
          const stepFault = faultFromResult(result);
          if (stepFault !== "") {
            tally.fault_n++;
            if (fault === "") fault = stepFault;
          }
        }
        if (reward === 0) bump(labelFailTools, name);
      }
    }
    if (fault === "" && !sawResult) fault = faultFromPlan(row.faults ?? null);
    if (fault === "") fault = NO_FAULT;

    if (fault !== NO_FAULT) bump(faults, fault);
    if (reward === 0) labelFails++;
    if (fault !== NO_FAULT || reward === 0) {
      flawRows.push(i);
      if (knownWorld) bump(flawWorldStates, world);
    }
    if (!readAsks) continue;
    const prompt = pyStrip(pyStr(or(row.prompt, "")));
    if (prompt !== "" && !seenAsks.has(prompt)) {
      seenAsks.add(prompt);
      asks.push(prompt);
    }
  }

  return {
    n: list.length,
    tools,
    faults,
    world_states: worldStates,
    unique_behaviors: behaviors.size,
    flaw_rows: flawRows,
    asks,
    label_fails: labelFails,
    label_fail_tools: labelFailTools,
    flaw_world_states: flawWorldStates,
  };
}
