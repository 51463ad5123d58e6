/**
 * `dimensions_from_traces` (traces.md §6): the coverage grid aimed at where the deployed agent
 * failed. Tools, fault conditions and world states seen failing move to the front; unobserved
 * conditions and worlds drop out, so a run spends its budget near the flaws.
 */
import { z } from "zod";
import { CLEAN_CONDITION, CLEAN_WORLD, FAULT_TO_AXIS, NO_FAULT, SPECIAL_TOOLS } from "../constants.js";
import { traceFault } from "../grading/index.js";
import { pyItems } from "../iterate.js";
import type { RewardKey } from "../labels.js";
import { mineTraces } from "../mine.js";
import { isDict, PyTuple, sortedBy, truthy } from "../py/index.js";
import { parseOptions } from "../rows/options.js";
import { buildDimensions, type Dimensions } from "./build-dimensions.js";

/** A fault chip's target on the grid: `[axis, value]`, e.g. `["tool_condition", "timeout"]`. */
export type FaultToAxis = Readonly<Record<string, unknown>> | ReadonlyMap<string, unknown>;

export interface DimensionsFromTracesOptions {
  /** The agent's policy text, for the rule axis. */
  policy?: unknown;
  /** Keep tools the traces never called, after the observed ones (default true). */
  broaden?: unknown;
  /** Fault chip to `[axis, value]`; `FAULT_TO_AXIS` when absent. An empty mapping is used as given. */
  faultToAxis?: FaultToAxis | null;
  rewardKey?: RewardKey;
  threshold?: unknown;
}

const OptionsSchema = z.strictObject({
  policy: z.unknown().optional(),
  broaden: z.unknown().optional(),
  faultToAxis: z.unknown().optional(),
  rewardKey: z.unknown().optional(),
  threshold: z.unknown().optional(),
});

type Counter = Readonly<Record<string, number>> | ReadonlyMap<string, number>;

function count(counter: Counter, key: string): number {
  if (counter instanceof Map) return counter.get(key) ?? 0;
  const record = counter as Readonly<Record<string, number>>;
  return Object.prototype.hasOwnProperty.call(record, key) ? Number(record[key]) || 0 : 0;
}

function keysOf(counter: Counter): string[] {
  return counter instanceof Map ? [...counter.keys()] : Object.keys(counter);
}

/** `mapping.get(chip)`, own entries only (a chip named "constructor" is just a chip). */
function lookup(mapping: FaultToAxis, chip: string): unknown {
  if (mapping instanceof Map) return mapping.get(chip);
  return Object.prototype.hasOwnProperty.call(mapping, chip) ? (mapping as Record<string, unknown>)[chip] : undefined;
}

/**
 * `axis, value = axis_value`: a pair, or a two-character string, or a two-key dict, as Python
 * unpacks them. Any other shape makes Python raise; we skip the chip instead.
 */
function unpackPair(target: unknown): [unknown, unknown] | null {
  const items =
    target instanceof PyTuple ? target.items
    : Array.isArray(target) ? target
    : typeof target === "string" ? [...target]
    : isDict(target) ? Object.keys(target)
    : target instanceof Map || target instanceof Set ? [...target.keys()]
    : null;
  return items !== null && items.length === 2 ? [items[0], items[1]] : null;
}

const INTEGER_KEY = /^(?:0|[1-9]\d*)$/;

/**
 * Fault chips in first-seen order. A plain-object counter lists integer-like keys ("500") first;
 * when such a chip can aim somewhere (the mapping names it), the order is read again from the
 * rows, as Python's dict kept it. Otherwise those chips are skipped and their place is moot.
 */
function faultOrder(rows: readonly unknown[], faults: Counter, mapping: FaultToAxis): string[] {
  const keys = keysOf(faults);
  if (faults instanceof Map || !keys.some((k) => INTEGER_KEY.test(k) && truthy(lookup(mapping, k)))) return keys;
  const order = new Set<string>();
  for (const row of rows) {
    if (!isDict(row)) continue;
    const fault = traceFault(row);
    if (fault !== NO_FAULT) order.add(fault);
  }
  return [...order];
}

/** `dimensions_from_traces(rows, tools, policy, broaden=, fault_to_axis=, reward_key=, threshold=)`. */
export function dimensionsFromTraces(
  rows: Iterable<unknown> | null | undefined,
  tools: unknown,
  options?: DimensionsFromTracesOptions,
): Dimensions {
  const opts = parseOptions(OptionsSchema, options, "dimensionsFromTraces");
  const items = Array.isArray(rows) ? rows : [...pyItems(rows)];
  const mapping: FaultToAxis = isNoneOption(opts.faultToAxis) ? FAULT_TO_AXIS : asMapping(opts.faultToAxis);
  const base = buildDimensions(tools, opts.policy ?? "");
  const mined = mineTraces(items, { rewardKey: opts.rewardKey as RewardKey, threshold: opts.threshold });
  const observed = mined.tools as Readonly<Record<string, { n: number; fault_n: number }>>;
  const labelFailTools: Counter = mined.label_fail_tools;
  const broaden = opts.broaden === undefined ? true : truthy(opts.broaden);

  // Tool axis: observed tools first, most failed (tool faults and 0-label calls alike), then most called.
  const baseTools = [...(base.tool ?? [])];
  const specials = baseTools.filter((t) => SPECIAL_TOOLS.has(t));
  const real = baseTools.filter((t) => !SPECIAL_TOOLS.has(t));
  const isObserved = (t: string) => Object.prototype.hasOwnProperty.call(observed, t);
  const seen = sortedBy(
    real.filter(isObserved),
    (t) => [-((Number(observed[t].fault_n) || 0) + count(labelFailTools, t)), -(Number(observed[t].n) || 0), t],
  );
  const unseen = real.filter((t) => !isObserved(t));
  const toolAxis = seen.length ? [...seen, ...(broaden ? unseen : []), ...specials] : baseTools;

  // Fault focus: chips by row count, most first, ties in first-seen order. No de-duplication:
  // `timeout` and `error` both aim at `timeout` by default, and both land.
  let conditions = [...(base.tool_condition ?? [])];
  let worlds = [...(base.world_state ?? [])];
  const focusConditions: string[] = [];
  const focusWorlds: string[] = [];
  const faults: Counter = mined.faults;
  for (const chip of sortedBy(faultOrder(items, faults, mapping), (c) => count(faults, c), true)) {
    const target = lookup(mapping, chip);
    if (!truthy(target)) {
      // A custom chip that is itself a condition value aims at itself.
      if (conditions.includes(chip)) focusConditions.push(chip);
      continue;
    }
    const pair = unpackPair(target);
    if (pair === null) continue;
    const [axis, value] = pair;
    if (axis === "tool_condition" && typeof value === "string" && conditions.includes(value)) focusConditions.push(value);
    else if (axis === "world_state" && typeof value === "string" && worlds.includes(value)) focusWorlds.push(value);
  }

  // Worlds the agent failed in lead, then worlds it merely visited.
  const worldStates: Counter = mined.world_states;
  const flawWorlds: Counter = mined.flaw_world_states;
  const visited = sortedBy(keysOf(worldStates), (w) => [-count(flawWorlds, w), -count(worldStates, w)]);
  for (const world of visited) if (worlds.includes(world) && !focusWorlds.includes(world)) focusWorlds.push(world);

  // The clean values stay as the contrast: "success" always, "entity exists" when the base has it.
  if (focusConditions.length) conditions = [CLEAN_CONDITION, ...focusConditions.filter((c) => c !== CLEAN_CONDITION)];
  if (focusWorlds.length) {
    const clean = worlds.includes(CLEAN_WORLD) ? [CLEAN_WORLD] : [];
    worlds = [...clean, ...focusWorlds.filter((w) => !clean.includes(w))];
  }
  return { ...base, tool: toolAxis, tool_condition: conditions, world_state: worlds };
}

function isNoneOption(value: unknown): boolean {
  return value === undefined || value === null;
}

/**
 * `dict(fault_to_axis)`: a copy of a Map or plain object, or of a list of `[chip, target]` pairs.
 * Anything else (where `dict()` would raise) maps nothing.
 */
function asMapping(value: unknown): FaultToAxis {
  if (value instanceof Map) return new Map(value);
  if (isDict(value)) return { ...value };
  const pairs = new Map<string, unknown>();
  for (const item of pyItems(value)) if (Array.isArray(item) && item.length === 2 && typeof item[0] === "string") pairs.set(item[0], item[1]);
  return pairs;
}
