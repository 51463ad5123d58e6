/**
 * `behavior_state` (traces.md §14.2): the behaviour regions of a trace history, whether each is
 * new, persistent, improving, solved or passing between the older and the latest slice of the
 * history, and the share of the next generation budget each region should draw.
 */
import * as z from "zod/mini";
import {
  RECIPE_AXES,
  TRACE_EXPLORATION_FLOOR,
  TRACE_EXPLORATION_MAX,
  TRACE_MIN_SUPPORT,
  TRACE_RATE_FLOOR,
  TRACE_STATE_PRIORITY,
  TRACE_SUPPORT_SATURATION,
} from "../constants.js";

import { type Dict, get, has, isDict, or, pyFloatStrict, pyInt, pyItems, pyIter, pyRound, pyStr, sortedBy, sortedStrings } from "@whileai/hash-embed/internal";
import { parseOptions } from "../rows/options.js";
import { rowRegions, type RegionKind } from "./region-rows.js";
import { sortByTs } from "./ts-order.js";

export type RegionStatus = "new" | "persistent" | "uncertain" | "improving" | "solved" | "passing";

export interface RegionHistory {
  bucket: string;
  /** Graded memberships in that bucket. */
  n: number;
  fail_rate: number;
}

export interface RegionState {
  region: string;
  kind: RegionKind;
  /** Scenario coordinates seen on failing rows, by axis, to aim generation at the region. */
  recipe: Record<string, string[]>;
  support: number;
  first_bucket: string;
  last_bucket: string;
  status: RegionStatus;
  n_graded: number;
  fail_rate: number;
  low_support: boolean;
  previously_targeted: boolean;
  rotate_coordinates: boolean;
  history: RegionHistory[];
  priority: number;
  budget_share: number;
}

export interface BehaviorState {
  regions: RegionState[];
  exploration_share: number;
  traces: number;
  buckets: string[];
}

export interface BehaviorStateOptions {
  /** Region ids a previous round aimed at: a fixed one is `solved`, a stuck one rotates coordinates. */
  targeted?: Iterable<unknown>;
  /** Budget share kept for broad coverage, capped at `maxExploration`. */
  exploration?: number;
  /** Graded rows below which a region is `low_support`. */
  minSupport?: number;
  /** A weight per status (every status of `TRACE_STATE_PRIORITY`); extra keys are allowed. */
  priority?: Record<string, number> | ReadonlyMap<string, number> | null;
  maxExploration?: number;
}

const OptionsSchema = z.strictObject({
  targeted: z.optional(z.unknown()),
  exploration: z.optional(z.unknown()),
  minSupport: z.optional(z.unknown()),
  priority: z.optional(z.unknown()),
  maxExploration: z.optional(z.unknown()),
});

/** [fail, pass] counts of graded memberships. */
type Tally = [fail: number, pass: number];

interface Accumulator {
  region: string;
  kind: RegionKind;
  byBucket: Map<string, Tally>;
  recipe: Map<string, string[]>;
  support: number;
  firstBucket: string;
  lastBucket: string;
}

/** `dict(priority)` with the check that every status has a weight (the ValueError runs first). */
function statusWeights(priority: unknown): Map<string, unknown> {
  let weights: Map<string, unknown>;
  if (priority === null || priority === undefined) weights = new Map(Object.entries(TRACE_STATE_PRIORITY));
  else if (priority instanceof Map) weights = new Map(priority);
  else if (isDict(priority)) weights = new Map(Object.entries(priority).filter(([, w]) => w !== undefined));
  else throw new TypeError("behaviorState: priority must map each status to a weight");
  const missing = Object.keys(TRACE_STATE_PRIORITY).filter((status) => !weights.has(status));
  if (missing.length > 0) {
    throw new Error(`priority= needs a weight for every status; missing ${pyStr(sortedStrings(missing))}`);
  }
  return weights;
}

/** `set(targeted)`: a list's items, a string's characters, a dict's keys, as Python iterates them. */
function targetSet(targeted: unknown): Set<unknown> {
  return targeted === undefined ? new Set() : new Set(pyIter(targeted));
}

function pushNew(recipe: Map<string, string[]>, axis: string, value: string): void {
  const values = recipe.get(axis);
  if (values === undefined) recipe.set(axis, [value]);
  else if (!values.includes(value)) values.push(value);
}

/** The scenario coordinates and tools of a failing row, added to its region's recipe. */
function addRecipe(recipe: Map<string, string[]>, row: Dict): void {
  // A truthy non-dict `scenario_dimensions` would crash Python's `.get`; it holds no coordinates here.
  const dims = or(get(row, "scenario_dimensions"), {});
  if (isDict(dims)) {
    for (const axis of RECIPE_AXES) {
      const value = pyStr(or(get(dims, axis), ""));
      if (value !== "" && value !== "unspecified") pushNew(recipe, axis, value);
    }
  }
  for (const step of pyItems(get(row, "steps"))) {
    const tool = isDict(step) ? pyStr(or(get(step, "tool"), "")) : "";
    if (tool !== "") pushNew(recipe, "tool", tool);
  }
}

/** Each row's bucket: its model version when two or more appear, else its half of the history. */
function bucketRows(items: readonly Dict[]): { buckets: string[]; rowBuckets: string[] } {
  const versions: string[] = [];
  const seen = new Set<string>();
  for (const row of items) {
    const version = pyStr(or(get(row, "model_version"), ""));
    if (version !== "" && !seen.has(version)) {
      seen.add(version);
      versions.push(version);
    }
  }
  if (versions.length >= 2) {
    // Unversioned rows join the first version to appear.
    return { buckets: versions, rowBuckets: items.map((row) => pyStr(or(get(row, "model_version"), versions[0]))) };
  }
  const cut = Math.max(1, Math.floor(items.length / 2));
  return { buckets: ["old", "recent"], rowBuckets: items.map((_, idx) => (idx >= cut ? "recent" : "old")) };
}

function statusOf(oldFail: number, recentFail: number, recentSeen: number, wasTargeted: boolean): RegionStatus {
  if (oldFail === 0) return recentFail === 0 ? "passing" : "new";
  if (recentFail > 0) return "persistent";
  if (recentSeen > 0) return wasTargeted ? "solved" : "improving";
  return "uncertain";
}

/** `behavior_state(rows, targeted=, exploration=, min_support=, priority=, max_exploration=)`. */
export function behaviorState(rows: Iterable<unknown>, options: BehaviorStateOptions = {}): BehaviorState {
  const opts = parseOptions(OptionsSchema, options, "behaviorState");
  const weights = statusWeights(opts.priority);

  let items: Dict[] = [];
  const indices: number[] = [];
  let anyTs = false;
  let index = 0;
  // `[r for r in rows if isinstance(r, dict)]`: a dict argument gives its keys, none of them a row.
  for (const row of pyIter(rows)) {
    if (isDict(row)) {
      items.push(row);
      indices.push(index);
      anyTs ||= has(row, "ts");
    }
    index++;
  }
  if (anyTs) items = sortByTs(items, indices);
  const n = items.length;
  if (n === 0) return { regions: [], exploration_share: 1.0, traces: 0, buckets: [] };

  const { buckets, rowBuckets } = bucketRows(items);
  const latest = buckets[buckets.length - 1];
  const accumulators = new Map<string, Accumulator>();
  items.forEach((row, idx) => {
    const bucket = rowBuckets[idx];
    for (const [rid, kind, failed] of rowRegions(row)) {
      let acc = accumulators.get(rid);
      if (acc === undefined) {
        acc = { region: rid, kind, byBucket: new Map(), recipe: new Map(), support: 0, firstBucket: bucket, lastBucket: bucket };
        accumulators.set(rid, acc);
      }
      if (failed !== null) {
        let tally = acc.byBucket.get(bucket);
        if (tally === undefined) acc.byBucket.set(bucket, (tally = [0, 0]));
        tally[failed ? 0 : 1]++;
      }
      acc.support++;
      acc.lastBucket = bucket;
      if (failed === true) addRecipe(acc.recipe, row);
    }
  });

  // Python reads targeted and min_support per region: with no region, neither is looked at.
  const targeted = accumulators.size > 0 ? targetSet(opts.targeted) : new Set<unknown>();
  const minSupport = accumulators.size > 0 ? pyInt(opts.minSupport ?? TRACE_MIN_SUPPORT) : 0;
  const regions: RegionState[] = [];
  for (const acc of accumulators.values()) regions.push(regionState(acc, buckets, latest, targeted, minSupport, weights));

  // Builtin sum over the rounded priorities, naive left to right as on CPython 3.11 (traces.md §0.11).
  let total = 0;
  for (const region of regions) total += region.priority;
  if (total === 0) total = 1.0;
  const maxExploration = pyFloatStrict(opts.maxExploration ?? TRACE_EXPLORATION_MAX);
  const exploration = pyFloatStrict(opts.exploration ?? TRACE_EXPLORATION_FLOOR);
  const capped = exploration < maxExploration ? exploration : maxExploration; // Python min(max_exploration, exploration)
  const pool = 1.0 - (capped > 0.0 ? capped : 0.0); // Python max(0.0, capped)
  for (const region of regions) region.budget_share = pyRound((pool * region.priority) / total, 4);

  return {
    regions: sortedBy(regions, (region) => -region.budget_share),
    exploration_share: pyRound(1.0 - pool, 4),
    traces: n,
    buckets,
  };
}

function regionState(
  acc: Accumulator,
  buckets: readonly string[],
  latest: string,
  targeted: ReadonlySet<unknown>,
  minSupport: number,
  weights: ReadonlyMap<string, unknown>,
): RegionState {
  let oldFail = 0;
  for (let i = 0; i < buckets.length - 1; i++) oldFail += acc.byBucket.get(buckets[i])?.[0] ?? 0;
  const recent = acc.byBucket.get(latest);
  const recentFail = recent ? recent[0] : 0;
  const recentSeen = recent ? recent[0] + recent[1] : 0;
  const wasTargeted = targeted.has(acc.region);
  const status = statusOf(oldFail, recentFail, recentSeen, wasTargeted);

  let fails = 0;
  let graded = 0;
  for (const [fail, pass] of acc.byBucket.values()) {
    fails += fail;
    graded += fail + pass;
  }
  const supportFactor = Math.min(1.0, 0.5 + (0.5 * Math.min(fails, TRACE_SUPPORT_SATURATION)) / TRACE_SUPPORT_SATURATION);
  const failRate = (fails + 1.0) / (graded + 2.0);
  const rateFactor = TRACE_RATE_FLOOR + (1.0 - TRACE_RATE_FLOOR) * failRate;
  const history: RegionHistory[] = [];
  for (const bucket of buckets) {
    const tally = acc.byBucket.get(bucket);
    if (tally) history.push({ bucket, n: tally[0] + tally[1], fail_rate: pyRound(tally[0] / (tally[0] + tally[1]), 3) });
  }
  const weight = pyFloatStrict(weights.get(status));
  return {
    region: acc.region,
    kind: acc.kind,
    recipe: Object.fromEntries(acc.recipe),
    support: acc.support,
    first_bucket: acc.firstBucket,
    last_bucket: acc.lastBucket,
    status,
    n_graded: graded,
    fail_rate: pyRound(failRate, 4),
    low_support: graded < minSupport,
    previously_targeted: wasTargeted,
    rotate_coordinates: wasTargeted && status === "persistent",
    history,
    priority: pyRound(weight * supportFactor * rateFactor, 4),
    budget_share: 0,
  };
}
