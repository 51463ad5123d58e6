// The Node entry's worker threads, tested through the built package (workers run dist/*.js).
import { availableParallelism } from "node:os";
import { describe, expect, test } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { scanLeakage, scanLeakageSync } from "../../dist/node/index.js";
import { IN_THREAD_PAIRS } from "../../dist/node/scan-leakage.js";
import { idleWorkers } from "../../dist/node/warm-pool.js";

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

  test("threads default to the machine's parallelism; threads: 1 and small inputs scan in this thread", async () => {
    expect(generated.length * sources.length).toBeGreaterThan(IN_THREAD_PAIRS);
    expect((await scanLeakage(generated, sources)).threads).toBe(availableParallelism());
    expect((await scanLeakage(generated, sources, { threads: 1 })).threads).toBe(1);
    // Small arrays: the calling thread, with the same answer.
    const few = generated.slice(0, 50);
    expect(few.length * sources.length).toBeLessThan(IN_THREAD_PAIRS);
    const small = await scanLeakage(few, sources, { threads: 2 });
    expect(small.threads).toBe(1);
    expect(small.similarities).toEqual(scanLeakageSync(few, sources).similarities);
    // An iterable's length is unknown up front: it goes to the threads.
    expect((await scanLeakage(few.values(), sources, { threads: 2 })).threads).toBe(2);
    await expect(scanLeakage(generated, sources, { threads: 0 })).rejects.toThrow(/threads must be an integer >= 1, got 0/);
  });

  test("a shard scanned on threads matches the same shard on one thread", async () => {
    const one = await scanLeakage(generated, sources, { threads: 1, shard: { index: 1, count: 3 } });
    const two = await scanLeakage(generated, sources, { threads: 2, shard: { index: 1, count: 3 } });
    expect(two.report).toEqual(one.report);
    expect(two.rows).toEqual(one.rows);
  });

  test("threads stay warm between scans, answer the same, and do not keep the process alive", async () => {
    const first = await scanLeakage(generated, sources, { threads: 2 });
    expect(idleWorkers()).toBeGreaterThanOrEqual(Math.min(2, availableParallelism()));
    const again = await scanLeakage(generated, sources, { threads: 2 });
    expect(again.report).toEqual(first.report);
    expect(again.similarities).toEqual(first.similarities);
    expect(again.sources).toEqual(first.sources);
    // A process whose last scan left warm threads behind still exits by itself, with its report.
    const dist = fileURLToPath(new URL("../../dist/node/index.js", import.meta.url));
    const script = `const { scanLeakage } = await import(${JSON.stringify(pathToFileURL(dist).href)});
      const s = Array.from({ length: 3000 }, (_, i) => "held prompt " + i + " about refunds " + (i % 7));
      const r = await scanLeakage(s.map((x) => x + " please"), s, { threads: 2 });
      console.log(r.threads, r.report.n);`;
    const dir = mkdtempSync(join(tmpdir(), "warm-pool-"));
    writeFileSync(join(dir, "scan.mjs"), script);
    const child = spawnSync(process.execPath, [join(dir, "scan.mjs")], { encoding: "utf8", timeout: 50_000 });
    rmSync(dir, { recursive: true });
    expect(child.stderr).toBe("");
    expect(child.signal).toBeNull();
    expect(child.stdout.trim()).toBe("2 3000");
  });

  test("rows embedded while the sources are read (blank, wordless and repeated prompts too) give the one-thread answer", async () => {
    const mixed = generated.flatMap((g, i) => (i % 50 === 0 ? [g, "", "?!", g, "  "] : [g]));
    const reference = scanLeakageSync(mixed, sources);
    const got = await scanLeakage(mixed, sources, { threads: 2 });
    expect(got.threads).toBe(2);
    expect(got.report).toEqual(reference.report);
    expect(got.sources).toEqual(reference.sources);
    expect(got.similarities).toEqual(reference.similarities);
  });

  test("a source input that fails, or an abort, while rows are embedded ahead rejects, and the threads serve the next scan", async () => {
    // Arrays both, so the generated rows go to the threads before the sources are read.
    const failing = [...sources.slice(0, 3000), { get prompt() { throw new Error("source feed broke"); } }, ...sources.slice(3000)];
    await expect(scanLeakage(generated, failing, { threads: 2 })).rejects.toThrow("source feed broke");
    const controller = new AbortController();
    const aborting = [...sources.slice(0, 2000), { get prompt() { controller.abort(new Error("stopped while reading sources")); return "held"; } }, ...sources.slice(2000)];
    await expect(scanLeakage(generated, aborting, { threads: 2, signal: controller.signal })).rejects.toThrow("stopped while reading sources");
    const reference = scanLeakageSync(generated, sources);
    const after = await scanLeakage(generated, sources, { threads: 2 });
    expect(after.threads).toBe(2);
    expect(after.report).toEqual(reference.report);
    expect(after.similarities).toEqual(reference.similarities);
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
