/** `GET /datasets/{id}/preview` and `GET /datasets/{id}/profile` (platform-and-otel.md §4.11, §4.12), computed from the stored rows. */
import type { ServerResponse } from "node:http";
import { sendJson } from "../http.js";
import { jsonLines, Profiler } from "../profile.js";
import type { DatasetRecord } from "../store.js";
import { owned, ready, type RouteContext } from "./datasets.js";

const PREVIEW_ROWS = 3;

/** The profile, cached after the first pass: a ready dataset's bytes never change. `force` recomputes. */
async function profileOf(ctx: RouteContext, d: DatasetRecord, force: boolean): Promise<{ profile: unknown; cached: boolean }> {
  const kept = force ? null : await ctx.store.profile(d.datasetId);
  if (kept !== null) return { profile: JSON.parse(kept) as unknown, cached: true };
  const profiler = new Profiler();
  if (d.sizeBytes > 0) for await (const { value, bytes } of jsonLines(ctx.blobs.read(d.datasetId, 0, d.sizeBytes))) profiler.add(value, bytes);
  const profile = profiler.result();
  await ctx.store.saveProfile(d.datasetId, JSON.stringify(profile));
  return { profile, cached: false };
}

/** `{profile, cached}`; `?force=1` recomputes. */
export async function profileRoute(ctx: RouteContext, account: string, id: string, query: URLSearchParams, res: ServerResponse): Promise<void> {
  const d = ready(await owned(ctx, account, id));
  sendJson(res, 200, await profileOf(ctx, d, query.get("force") === "1"));
}

/** `{rows, report}`: the first three JSON rows (the read stops there) and the profile as the report. */
export async function previewRoute(ctx: RouteContext, account: string, id: string, res: ServerResponse): Promise<void> {
  const d = ready(await owned(ctx, account, id));
  const rows: unknown[] = [];
  if (d.sizeBytes > 0) {
    for await (const { value } of jsonLines(ctx.blobs.read(id, 0, d.sizeBytes))) {
      if (value === undefined) continue;
      rows.push(value);
      if (rows.length === PREVIEW_ROWS) break;
    }
  }
  const { profile } = await profileOf(ctx, d, false);
  sendJson(res, 200, { rows, report: profile });
}
