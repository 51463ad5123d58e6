/**
 * `dimensions_from_traces` (traces.md §6): the coverage grid aimed at where the deployed agent
 * failed. Tools, fault conditions and world states seen failing move to the front; unobserved
 * conditions and worlds drop out, so a run spends its budget near the flaws.
 */
import * as z from "zod/mini";
import { CLEAN_CONDITION, CLEAN_WORLD, FAULT_TO_AXIS, SPECIAL_TOOLS } from "../constants.js";

import type { RewardKey } from "../labels.js";
import { mineCounters, type MinedCounters } from "../mine.js";
import { isDict, pyItems, PyTuple, sortedBy, truthy } from "@whileai/hash-embed/internal";
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
  policy: z.optional(z.unknown()),
  broaden: z.optional(z.unknown()),
  faultToAxis: z.optional(z.unknown()),
  rewardKey: z.optional(z.unknown()),
  threshold: z.optional(z.unknown()),
});

/** `mapping.get(chip)`, own entries only (a chip named "constructor" is just a chip). */
function lookup(mapping: FaultToAxis, chip: string): unknown {
  if (mapping instanceof Map) return mapping.get(chip);
  return Object.hasOwn(mapping, chip) ? (mapping as Record<string, unknown>)[chip] : undefined;
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

/** `dimensions_from_traces(rows, tools, policy, broaden=, fault_to_axis=, reward_key=, threshold=)`. */
export function dimensionsFromTraces(
  rows: Iterable<unknown> | null | undefined,
  tools: unknown,
  options?: DimensionsFromTracesOptions,
): Dimensions {
  const opts = parseOptions(OptionsSchema, options, "dimensionsFromTraces");
  const mined = mineCounters(pyItems(rows), { rewardKey: opts.rewardKey as RewardKey, threshold: opts.threshold });
  return aimDimensions(mined, tools, opts as DimensionsFromTracesOptions);
}

/**
 * The grid of `dimensionsFromTraces` aimed by traces already mined, so a caller that mined them
 * for its own answer (the trace report) does not mine them twice.
 */
export function aimDimensions(mined: MinedCounters, tools: unknown, options: Pick<DimensionsFromTracesOptions, "policy" | "broaden" | "faultToAxis"> = {}): Dimensions {
  const opts = options;
  const mapping: FaultToAxis = isNoneOption(opts.faultToAxis) ? FAULT_TO_AXIS : asMapping(opts.faultToAxis);
  const base = buildDimensions(tools, { policy: opts.policy ?? "" });
  const observed = mined.tools;
  const labelFailTools = mined.label_fail_tools;
  const broaden = opts.broaden === undefined ? true : truthy(opts.broaden);

  // Tool axis: observed tools first, most failed (tool faults and 0-label calls alike), then most called.
  const baseTools = [...(base.tool ?? [])];
  const specials = baseTools.filter((t) => SPECIAL_TOOLS.has(t));
  const real = baseTools.filter((t) => !SPECIAL_TOOLS.has(t));
  const isObserved = (t: string) => observed.has(t);
  const seen = sortedBy(real.filter(isObserved), (t) => {
    const tally = observed.get(t) as { n: number; fault_n: number };
    return [-(tally.fault_n + (labelFailTools.get(t) ?? 0)), -tally.n, t];
  });
  const unseen = real.filter((t) => !isObserved(t));
  const toolAxis = seen.length ? [...seen, ...(broaden ? unseen : []), ...specials] : baseTools;

  // Fault focus: chips by row count, most first, ties in first-seen order. No de-duplication:
  // `timeout` and `error` both aim at `timeout` by default, and both land.
  let conditions = [...(base.tool_condition ?? [])];
  let worlds = [...(base.world_state ?? [])];
  const focusConditions: string[] = [];
  const focusWorlds: string[] = [];
  const faults = mined.faults;
  for (const chip of sortedBy(faults.keys(), (c) => faults.get(c) as number, true)) {
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
  const worldStates = mined.world_states;
  const flawWorlds = mined.flaw_world_states;
  const visited = sortedBy(worldStates.keys(), (w) => [-(flawWorlds.get(w) ?? 0), -(worldStates.get(w) as number)]);
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
