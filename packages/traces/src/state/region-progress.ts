/**
 * `region_progress` (traces.md §14.3): for each region of a behaviour state, its fail rate in the
 * traces next to its fail rate in freshly generated rows, so a round can show whether aiming at
 * a region surfaced it. Regions seen only in the generated rows are not reported.
 */

import { get, isDict, or, pyItems, pyRound } from "@whileai/hash-embed/internal";
import { rowRegions } from "./region-rows.js";

export interface RegionProgress {
  region: unknown;
  status: unknown;
  /** The fail rate of the last bucket in which the region was graded, or null. */
  trace_fail_rate: unknown;
  generated_n: number;
  generated_fail_rate: number | null;
}

/** `region_progress(state, generated_rows)`. Non-dict rows and regions are skipped. */
export function regionProgress(state: unknown, generatedRows: Iterable<unknown> | null | undefined): RegionProgress[] {
  const counts = new Map<string, [fail: number, pass: number]>();
  for (const row of pyItems(generatedRows)) {
    if (!isDict(row)) continue;
    for (const [rid, , failed] of rowRegions(row)) {
      if (failed === null) continue;
      let tally = counts.get(rid);
      if (tally === undefined) counts.set(rid, (tally = [0, 0]));
      tally[failed ? 0 : 1]++;
    }
  }

  const out: RegionProgress[] = [];
  // Python would crash on a non-dict state or region, or on `regions: null`; those give nothing here.
  const regions = isDict(state) ? get(state, "regions") : null;
  for (const region of pyItems(regions)) {
    if (!isDict(region)) continue;
    const rid = get(region, "region");
    const history = or(get(region, "history"), []);
    const last = Array.isArray(history) && history.length > 0 ? history[history.length - 1] : null;
    const tally = typeof rid === "string" ? counts.get(rid) : undefined;
    const n = tally ? tally[0] + tally[1] : 0;
    out.push({
      region: rid,
      status: get(region, "status"),
      trace_fail_rate: isDict(last) ? get(last, "fail_rate") : null,
      generated_n: n,
      generated_fail_rate: tally && n > 0 ? pyRound(tally[0] / n, 3) : null,
    });
  }
  return out;
}
