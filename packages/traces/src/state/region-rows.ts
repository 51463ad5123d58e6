/**
 * `_row_regions` (traces.md §14.1): the behaviour regions one row belongs to, and whether the
 * row failed, passed or was not graded there. Named score markers come first, then the fault
 * the row hit; a graded row with neither falls back to the task its first tool call names.
 */
import { NO_FAULT } from "../constants.js";
import { traceFault } from "../grading/index.js";

import { binaryReward } from "../labels.js";
import { get, isDict, pyFloat, pyItems, pyStr, truthy } from "@whileai/hash-embed/internal";

export type RegionKind = "marker" | "fault_response" | "capability";
/** `(region_id, kind, failed)`: `failed` is true (fail), false (pass) or null (ungraded). */
export type RegionMembership = [region: string, kind: RegionKind, failed: boolean | null];

/** `_row_regions(row)`. A non-dict row belongs to no region. */
export function rowRegions(row: unknown): RegionMembership[] {
  if (!isDict(row)) return [];
  const out: RegionMembership[] = [];

  const scores = get(row, "scores");
  if (isDict(scores)) {
    for (const name of Object.keys(scores)) {
      const value = scores[name];
      const raw = isDict(value) ? get(value, "value") : value;
      if (raw === null || raw === undefined) continue;
      const v = pyFloat(raw);
      if (v === null) continue;
      if (v === 0 || v === 1) out.push([name, "marker", v === 0]);
    }
  }

  const fault = traceFault(row);
  const reward = binaryReward(row);
  if (truthy(fault) && fault !== NO_FAULT) {
    out.push([`recover_after_${fault}`, "fault_response", reward === null ? null : reward === 0]);
  }

  if (out.length === 0 && reward !== null) {
    let surface = "no-tool";
    for (const step of pyItems(get(row, "steps"))) {
      if (isDict(step) && truthy(get(step, "tool"))) {
        surface = pyStr(get(step, "tool"));
        break;
      }
    }
    out.push([`task:${surface}`, "capability", reward === 0]);
  }
  return out;
}
