// Which worker a chunk goes to, through the built package (workers run dist/*.js).
import { describe, expect, test } from "vitest";
import { workerPool } from "../../dist/node/worker-pool.js";
import { resolveOptions } from "../../dist/scan/options.js";
import { ScanSession } from "../../dist/scan/session.js";

describe("worker pool", { timeout: 60_000 }, () => {
  test("a chunk goes to the worker with the fewest chunks waiting; embeds ahead of the scan do not count", async () => {
    const session = new ScanSession(resolveOptions({}, "test"), 2, 2, 1);
    const pool = workerPool(2)(session);
    // Embeds ahead all go to the first worker, and their replies are still unread below.
    const embeds = [pool.embed?.(["refund my order"]), pool.embed?.(["reset my password"]), pool.embed?.(["where is my parcel"])];
    // Chunks sent before the scan began fail, and the failure names the worker that got each.
    const chunks = [0, 1].map((row) =>
      pool.run({ rows: [row], texts: ["any prompt"] }).then(
        () => "answered",
        (error: Error) => error.message,
      ),
    );
    expect(await Promise.all(chunks)).toEqual([
      "leakage scan worker 0: a chunk arrived before its scan began",
      "leakage scan worker 1: a chunk arrived before its scan began",
    ]);
    for (const rows of await Promise.all(embeds)) expect(rows?.rowOf).toHaveLength(1);
    await pool.close();
  });
});
