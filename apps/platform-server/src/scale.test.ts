/**
 * Scale: the real client against the real server on 127.0.0.1 with a lot of data: 100,000
 * trajectory rows through a many-part grant, 50 pushes at once (the 1 GiB file is in
 * big-file.test.ts, its own process, so its memory is measured from a clean start).
 * Each test prints what it measured so CI logs keep the numbers.
 */
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { call, datasets, pull, pushRows } from "@whileai/platform/node";
import { describe, expect, it } from "vitest";
import { hashFile } from "./testing/big-file.js";
import { report, since } from "./testing/report.js";
import { scratchServer } from "./testing/scratch-server.js";
import { trajectoryRow, trajectoryRows } from "../../../bench/trajectories.mjs";

const MB = 1e6;
const MiB = 1024 ** 2;

/** Deep equality of two row lists, failing on the first differing row rather than diffing 100,000. */
function expectSameRows(actual: unknown[], expected: unknown[]): void {
  expect(actual.length).toBe(expected.length);
  const first = expected.findIndex((row, i) => !isDeepStrictEqual(actual[i], row));
  if (first >= 0) expect(actual[first], `row ${first}`).toEqual(expected[first]);
}

interface Listing {
  datasets: Record<string, unknown>[];
}

describe("100,000 rows", () => {
  it("pushRows then pull returns them identical, through a grant of many parts, to memory and to a file", async () => {
    const partBytes = 8 * MiB;
    const { apiKey, dataDir } = await scratchServer({ partBytes });
    const rows = trajectoryRows(100_000);

    let start = performance.now();
    const out = await pushRows(rows, "trajectories", { apiKey, agent: "support" });
    const pushS = since(start);
    const id = String(out["datasetId"]);
    const size = Number(out["sizeBytes"]);
    expect(out).toMatchObject({ status: "ready", rows: 100_000 });

    const grant = (await call("GET", `/datasets/${id}/download`, { apiKey })) as { parts: string[] };
    expect(grant.parts.length).toBe(Math.ceil(size / partBytes));
    expect(grant.parts.length).toBeGreaterThanOrEqual(10);

    start = performance.now();
    const back = (await pull(id, null, { apiKey })) as unknown[];
    const pullS = since(start);
    expectSameRows(back, rows);

    // To a file: the parts, streamed in order, rebuild the stored bytes exactly.
    const file = join(dataDir, "back.jsonl");
    await pull(id, file, { apiKey });
    expect(await hashFile(file)).toEqual(await hashFile(join(dataDir, "blobs", `${id}.jsonl`)));

    report(
      `pushRows 100,000 rows (${(size / MB).toFixed(0)} MB): ${pushS.toFixed(1)} s, ${Math.round(100_000 / pushS)} rows/s; ` +
        `pull (${grant.parts.length} parts): ${pullS.toFixed(1)} s, ${Math.round(100_000 / pullS)} rows/s`,
    );
  }, 120_000);
});

describe("50 concurrent pushes", () => {
  it("all finish ready, all are listed, each pulls back its own rows", async () => {
    const { apiKey } = await scratchServer();
    const batches = Array.from({ length: 50 }, (_, k) => Array.from({ length: 200 }, (_, i) => ({ ...trajectoryRow(k * 200 + i), batch: k })));
    const start = performance.now();
    const outs = await Promise.all(batches.map((rows, k) => pushRows(rows, `batch-${k}`, { apiKey })));
    const pushS = since(start);
    const ids = outs.map((o) => String(o["datasetId"]));
    expect(new Set(ids).size).toBe(50);
    outs.forEach((o, k) => expect(o).toMatchObject({ name: `batch-${k}`, status: "ready", rows: 200 }));

    const listing = (await datasets({ apiKey })) as Listing;
    expect(listing.datasets).toHaveLength(50);
    expect(new Set(listing.datasets.map((d) => d["datasetId"]))).toEqual(new Set(ids));
    expect(listing.datasets.every((d) => d["status"] === "ready")).toBe(true);

    const pulled = (await Promise.all(ids.map((id) => pull(id, null, { apiKey })))) as unknown[][];
    pulled.forEach((rows, k) => expectSameRows(rows, batches[k]!));
    report(`50 concurrent pushRows of 200 rows: ${pushS.toFixed(1)} s`);
  }, 60_000);
});
