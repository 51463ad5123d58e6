// The Node entry's worker threads, tested through the built package (workers run dist/*.js).
import { availableParallelism } from "node:os";
import { describe, expect, test } from "vitest";
import { scanLeakage, scanLeakageSync } from "../../dist/node/index.js";

const topics = ["refund", "order", "password", "invoice", "shipping", "upgrade", "cancel", "login"];
const prompt = (i: number, salt: string) => `${salt} ${topics[i % 8]} question ${i % 97} about ${topics[(i * 7) % 8]} and ${topics[(i * 3) % 8]} ${i % 5 === 0 ? "please" : ""}`;
const sources = Array.from({ length: 6000 }, (_, i) => prompt(i, "held"));
const generated = Array.from({ length: 5000 }, (_, i) => (i % 11 === 0 ? sources[(i * 13) % sources.length] : prompt(i * 3, "gen")));

describe("scanLeakage with worker threads", { timeout: 60_000 }, () => {
  test("two threads give exactly the one-thread answer, with each kernel", async () => {
    const reference = scanLeakageSync(generated, sources);
    for (const kernel of ["wasm", "ts"] as const) {
      const got = await scanLeakage(generated, sources, { threads: 2, kernel });
      expect(got.threads).toBe(2);
      expect(got.kernel).toBe(kernel);
      expect(got.report).toEqual(reference.report);
      expect(got.flags).toEqual(reference.flags);
      expect(got.sources).toEqual(reference.sources);
      expect(got.similarities).toEqual(reference.similarities);
    }
    expect(reference.report.n_leaky).toBeGreaterThan(450);
  });

  test("threads default to the machine's parallelism; threads: 1 scans in this thread", async () => {
    expect((await scanLeakage(generated.slice(0, 50), sources)).threads).toBe(availableParallelism());
    expect((await scanLeakage(generated.slice(0, 50), sources, { threads: 1 })).threads).toBe(1);
    await expect(scanLeakage(generated, sources, { threads: 0 })).rejects.toThrow(/threads must be an integer >= 1, got 0/);
  });

  test("a shard scanned on threads matches the same shard on one thread", async () => {
    const one = await scanLeakage(generated, sources, { threads: 1, shard: { index: 1, count: 3 } });
    const two = await scanLeakage(generated, sources, { threads: 2, shard: { index: 1, count: 3 } });
    expect(two.report).toEqual(one.report);
    expect(two.rows).toEqual(one.rows);
  });

  test("an abort stops the workers and rejects", async () => {
    const controller = new AbortController();
    const run = scanLeakage(generated, [...sources, ...sources, ...sources], {
      threads: 2,
      signal: controller.signal,
      onProgress: () => controller.abort(new Error("stop now")),
    });
    await expect(run).rejects.toThrow("stop now");
  });
});
