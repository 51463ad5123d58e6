// How runScan hands chunks to a runner and judges the answers, with a runner on this thread whose
// answers the test releases when it chooses, in any order (the Node entry's worker pool is such a
// runner; these tests need no threads).
import { describe, expect, test } from "vitest";
import { embedRows } from "./embedded-rows.js";
import type { NearestSink } from "./nearest.js";
import type { ScanProgress } from "./progress.js";
import { runScan, scanLeakageSync, type RunnerFactory } from "./scan-leakage.js";
import { sinkFor, type Chunk } from "./session.js";
import { createEmbedder } from "./text-counts.js";

const sources = Array.from({ length: 400 }, (_, i) => `held out question ${i} about ${["refunds", "orders", "passwords"][i % 3]} ${i % 7}`);
const generated = Array.from({ length: 3000 }, (_, i) => (i % 9 === 0 ? sources[i % sources.length] : `generated question ${i} about orders ${i % 11}`));

interface Call {
  chunk: Chunk;
  release: () => void;
}

/** A runner whose chunks wait until the test releases them; `called(n)` resolves once n chunks were sent. */
function heldRunner(shape: { threads: number; depth: number; ahead: number }) {
  const calls: Call[] = [];
  const embedded: string[][] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const factory: RunnerFactory = (session) => ({
    ...shape,
    embed(texts) {
      embedded.push(texts);
      return Promise.resolve(embedRows(createEmbedder(), texts));
    },
    begin() {},
    run(chunk) {
      return new Promise<NearestSink>((resolve) => {
        calls.push({
          chunk,
          release: () => {
            const sink = sinkFor(chunk.texts.length);
            session.index.nearest(chunk.texts, sink);
            resolve(sink);
          },
        });
        for (const w of waiters.filter((w) => calls.length >= w.n)) w.resolve();
      });
    },
    async close() {},
  });
  const called = (n: number) => (calls.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve })));
  return { factory, calls, embedded, called };
}

describe("chunks in flight", () => {
  test("answers that come back out of order are judged in chunk order", async () => {
    const held = heldRunner({ threads: 2, depth: 2, ahead: 0 });
    const events: ScanProgress[] = [];
    const scan = runScan(generated, sources, { onProgress: (p) => events.push(p) }, held.factory, 2);
    // Whenever two chunks are out, the newer one answers first.
    for (let released = 0; ; ) {
      await Promise.race([held.called(released + 2), scan]);
      const out = held.calls.slice(released);
      if (out.length === 0) break;
      for (const call of out.reverse()) call.release();
      released += out.length;
      if (out.length < 2) await scan;
    }
    const got = await scan;
    expect(held.calls).toHaveLength(8);
    expect(events.map((e) => e.rowsDone)).toEqual(held.calls.map((c) => (c.chunk.rows.at(-1) as number) + 1));
    const reference = scanLeakageSync(generated, sources);
    expect(got.report).toEqual(reference.report);
    expect(got.sources).toEqual(reference.sources);
    expect(got.similarities).toEqual(reference.similarities);
  });

  test("answers that come back at once are judged too, in order", async () => {
    // Every chunk is answered as it is sent; with depth 3, the 8 chunks end on a partial window.
    const held = heldRunner({ threads: 2, depth: 3, ahead: 0 });
    const answerAtOnce: RunnerFactory = (session) => {
      const runner = held.factory(session);
      return {
        ...runner,
        run(chunk) {
          const result = runner.run(chunk);
          held.calls.at(-1)?.release();
          return result;
        },
      };
    };
    const got = await runScan(generated, sources, {}, answerAtOnce, 2);
    expect(held.calls).toHaveLength(8);
    const reference = scanLeakageSync(generated, sources);
    expect(got.report).toEqual(reference.report);
    expect(got.similarities).toEqual(reference.similarities);
  });

  test("rows embedded ahead include the last, partial chunk", async () => {
    const held = heldRunner({ threads: 2, depth: 4, ahead: 1 << 16 });
    const scan = runScan(generated, sources, {}, held.factory, 2);
    for (let k = 0; ; k++) {
      await Promise.race([held.called(k + 1), scan]);
      if (held.calls.length <= k) break;
      held.calls[k].release();
    }
    const got = await scan;
    expect(held.embedded.flat()).toEqual(generated);
    expect(held.calls.at(-1)?.chunk.rows.length).toBeLessThan(held.calls[0].chunk.rows.length);
    expect(held.calls.every((c) => c.chunk.embedded !== undefined)).toBe(true);
    expect(got.similarities).toEqual(scanLeakageSync(generated, sources).similarities);
  });
});
