/**
 * Scale: the real client against the real server on 127.0.0.1 with a lot of data: 100,000
 * trajectory rows through a many-part grant (the 1 GiB file is in big-file.test.ts, its own
 * process, so its memory is measured from a clean start). It prints what it measured so CI logs
 * keep the numbers.
 */
import { join } from "node:path";
import { call, pull, pushRows } from "@whileai/platform/node";
import { describe, expect, it } from "vitest";
import { hashFile } from "../src/testing/big-file.js";
import { report, since } from "../src/testing/report.js";
import { expectSameRows } from "../src/testing/same-rows.js";
import { scratchServer } from "../src/testing/scratch-server.js";
import { trajectoryRows } from "../../../bench/trajectories.mjs";

const MB = 1e6;
const MiB = 1024 ** 2;

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
  }, 300_000);
});
