/** 50 pushes at once, the real client against the real server on 127.0.0.1. */
import { datasets, pull, pushRows } from "@whileai/platform/node";
import { describe, expect, it } from "vitest";
import { report, since } from "./testing/report.js";
import { expectSameRows } from "./testing/same-rows.js";
import { scratchServer } from "./testing/scratch-server.js";
import { trajectoryRow } from "../../../bench/trajectories.mjs";

interface Listing {
  datasets: Record<string, unknown>[];
}

describe("50 concurrent pushes", () => {
  it("all finish ready, all are listed, each pulls back its own rows", async () => {
    const { apiKey } = await scratchServer();
    const batches = Array.from({ length: 50 }, (_, k) => Array.from({ length: 200 }, (_, i) => ({ ...trajectoryRow(k * 200 + i), batch: k })));
    const start = performance.now();
    const outs = await Promise.all(batches.map((rows, k) => pushRows(rows, `batch-${k}`, { apiKey })));
    const pushS = since(start);
    const ids = outs.map((o) => String(o["datasetId"]));
    expect(new Set(ids).size).toBe(50);
    for (const [k, o] of outs.entries()) expect(o).toMatchObject({ name: `batch-${k}`, status: "ready", rows: 200 });

    const listing = (await datasets({ apiKey })) as Listing;
    expect(listing.datasets).toHaveLength(50);
    expect(new Set(listing.datasets.map((d) => d["datasetId"]))).toEqual(new Set(ids));
    expect(listing.datasets.every((d) => d["status"] === "ready")).toBe(true);

    const pulled = (await Promise.all(ids.map((id) => pull(id, null, { apiKey })))) as unknown[][];
    for (const [k, rows] of pulled.entries()) expectSameRows(rows, batches[k]!);
    report(`50 concurrent pushRows of 200 rows: ${pushS.toFixed(1)} s`);
  }, 60_000);
});
