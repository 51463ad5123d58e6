import { describe, expect, test } from "vitest";
import { pyCollapse } from "../python/text.js";
import { pyRound } from "../python/round.js";
import { naiveNearest } from "../testing/naive-scan.js";
import { mergeLeakageReports } from "./merge.js";
import type { ScanProgress } from "./progress.js";
import type { ShardReport } from "./result.js";
import { scanLeakage, scanLeakageSync } from "./scan-leakage.js";

const SOURCES = [
  "where is order 4412",
  "  ",
  "check on my order pls",
  "refund the duplicate charge on my card",
  "my package never arrived and support is not answering",
  "reset my password please",
];
const GENERATED = [
  "Where is  ORDER 4412",
  "where is order 9981",
  "refund the duplicate charge on my card today",
  "",
  "how do I change my shipping address",
  "reset my password please",
  "RESET my password PLEASE",
  "zz",
];

/** `_leak_flags` written out plainly from the reference (traces.md §8.4), for comparison. */
function pythonReport(generated: string[], sources: string[], threshold = 0.9, examples = 20) {
  const gen = generated.map((t) => t.trim());
  const src = sources.map((t) => t.trim()).filter((t) => t !== "");
  const exact = new Set(src.map(pyCollapse));
  const { best, source } = naiveNearest(gen, src);
  const report = { n: gen.length, n_sources: src.length, threshold, n_leaky: 0, max_similarity: 0.0, leaky: [] as { row: number; source: number; similarity: number }[] };
  const flags: number[] = [];
  gen.forEach((text, i) => {
    const b = exact.has(pyCollapse(text)) ? 1.0 : best[i];
    report.max_similarity = Math.min(1.0, Math.max(report.max_similarity, b));
    const flag = b >= Math.min(threshold, 1.0);
    flags.push(flag ? 1 : 0);
    if (flag) {
      report.n_leaky++;
      if (report.leaky.length < examples) report.leaky.push({ row: i, source: source[i], similarity: pyRound(b, 4) });
    }
  });
  return { report, flags, sources: source };
}

describe("scanLeakage", () => {
  test("the report and per-row answers are Python's, for both kernels and both entry styles", async () => {
    const want = pythonReport(GENERATED, SOURCES);
    for (const kernel of ["wasm", "ts"] as const) {
      const sync = scanLeakageSync(GENERATED, SOURCES, { kernel });
      const async = await scanLeakage(GENERATED, SOURCES, { kernel });
      for (const got of [sync, async]) {
        expect(got.report).toEqual(want.report);
        expect(Array.from(got.flags)).toEqual(want.flags);
        expect(Array.from(got.sources)).toEqual(want.sources);
        expect(Array.from(got.rows)).toEqual(GENERATED.map((_, i) => i));
        expect(got.kernel).toBe(kernel);
      }
    }
    // Copies up to case and spacing, and "where is order 9981" (numbers do not count).
    expect(want.report.n_leaky).toBe(5);
  });

  test("rows, iterables and async iterables read the same prompts", async () => {
    const rows = GENERATED.map((prompt) => ({ prompt: `  ${prompt}\n`, steps: [] }));
    async function* stream<T>(items: T[]) {
      for (const item of items) yield item;
    }
    const base = scanLeakageSync(GENERATED, SOURCES);
    const fromRows = await scanLeakage(rows, new Set(SOURCES.map((prompt) => ({ prompt }))));
    const fromStreams = await scanLeakage(stream(rows), stream(SOURCES));
    expect(fromRows.report).toEqual(base.report);
    expect(fromStreams.report).toEqual(base.report);
    expect(Array.from(fromStreams.similarities)).toEqual(Array.from(base.similarities));
  });

  test("inputs longer than a batch, scanned after other scans (this thread's embedder warm), answer as Python", async () => {
    // A fixed word list and a counter, so every prompt is deterministic; 1,100 and 1,500 prompts cross the 1,024-prompt batches.
    const words = "refund order card password reset shipping address package support charge duplicate my the please".split(" ");
    const promptOfNumber = (i: number) => Array.from({ length: 3 + (i % 5) }, (_, k) => words[(i * 7 + k * (i % 11 + 1)) % words.length]).join(" ");
    const sources = Array.from({ length: 1100 }, (_, i) => promptOfNumber(i));
    const generated = Array.from({ length: 1500 }, (_, i) => (i % 9 === 0 ? sources[i % sources.length].toUpperCase() : promptOfNumber(i * 3 + 1)));
    const want = pythonReport(generated, sources);
    const first = await scanLeakage(generated, sources);
    await scanLeakage(GENERATED, SOURCES);
    const again = await scanLeakage(generated, sources);
    for (const got of [first, again]) {
      expect(got.report).toEqual(want.report);
      expect(Array.from(got.flags)).toEqual(want.flags);
      expect(Array.from(got.sources)).toEqual(want.sources);
    }
    expect(Array.from(again.similarities)).toEqual(Array.from(first.similarities));
  });

  test("threshold 1.0 flags only exact copies (identical vectors score 0.9999999999999999)", () => {
    const got = scanLeakageSync(["refund order 82", "Refund   ORDER 81"], ["refund order 81"], { threshold: 1.0 });
    expect(Array.from(got.similarities)).toEqual([0.9999999999999999, 1.0]);
    expect(Array.from(got.flags)).toEqual([0, 1]);
    expect(got.report.leaky).toEqual([{ row: 1, source: 0, similarity: 1.0 }]);
  });

  test("an exact copy is one up to Python's case and whitespace, ASCII or not, and nothing else", () => {
    const sources = ["Refund\u00a0order 81", "caf\u00e9  au LAIT", "ship\x1cit\tnow", "ordre n\u00b0 5"];
    const rows = ["refund order 81", "CAFÉ au lait", "ship it now", "ordre n° 5!", "refund order 81."];
    const got = scanLeakageSync(rows, sources, { threshold: 1.0 });
    expect(Array.from(got.flags)).toEqual([1, 1, 1, 0, 0]);
    expect(Array.from(got.similarities).slice(0, 3)).toEqual([1.0, 1.0, 1.0]);
  });

  test("no sources: nothing leaks, even at threshold 0; with sources an empty prompt scores 0.0", () => {
    expect(scanLeakageSync(["a", ""], ["", "  "], { threshold: 0 }).report).toEqual({ n: 2, n_sources: 0, threshold: 0, n_leaky: 0, max_similarity: 0, leaky: [] });
    const got = scanLeakageSync(["", "b"], ["a"], { threshold: 0 });
    expect(Array.from(got.flags)).toEqual([1, 1]);
    expect(Array.from(got.sources)).toEqual([-1, -1]);
  });

  test("examples caps the listed rows, not the count", () => {
    const got = scanLeakageSync(Array(30).fill("reset my password please"), SOURCES, { examples: 3 });
    expect(got.report.n_leaky).toBe(30);
    expect(got.report.leaky.map((l) => l.row)).toEqual([0, 1, 2]);
  });

  test("bad options and inputs are clear errors before any work", async () => {
    const bad: [unknown, RegExp][] = [
      [{ threshold: Number.NaN }, /threshold must be a finite number/],
      [{ threshold: Infinity }, /threshold must be a finite number/],
      [{ threshold: "0.9" }, /threshold must be a finite number, got "0.9"/],
      [{ threads: 0 }, /threads must be an integer >= 1/],
      [{ threads: 1.5 }, /threads must be an integer >= 1/],
      [{ threads: 2 }, /@whileai\/hash-embed\/node/],
      [{ kernel: "gpu" }, /kernel must be "auto", "wasm" or "ts"/],
      [{ examples: -1 }, /examples must be an integer >= 0/],
      [{ shard: { index: 2, count: 2 } }, /shard.index must be an integer in \[0, shard.count\)/],
      [{ treshold: 0.5 }, /unknown option "treshold"/],
      [{ threshold: 1n }, /threshold must be a finite number, got 1n/],
      [{ shard: 3 }, /shard must be an object \{ index, count \}, got 3/],
      [{ shard: { count: 2 } }, /shard.index must be an integer in \[0, shard.count\), got \{"count":2\}/],
      [7, /scanLeakage: options must be an object, got 7/],
    ];
    for (const [options, message] of bad) {
      await expect(scanLeakage(GENERATED, SOURCES, options as never)).rejects.toThrow(message);
    }
    expect(() => scanLeakageSync(GENERATED, SOURCES, { threshold: Number.NaN })).toThrow(/scanLeakageSync: threshold/);
    await expect(scanLeakage("where is order 4412", SOURCES)).rejects.toThrow(/generated must be an array or \(async\) iterable of prompts or rows, got a string/);
    await expect(scanLeakage(GENERATED, 5)).rejects.toThrow(/sources must be .* got number/);
  });

  test("non-string prompts are read as Python's str() reads them", () => {
    const got = scanLeakageSync([{ prompt: 4412 }, { prompt: ["where", "is"] }, 0, null], ["4412", "['where', 'is']"]);
    expect(Array.from(got.flags)).toEqual([1, 1, 0, 0]);
  });
});

describe("shards and mergeLeakageReports", () => {
  const generated = Array.from({ length: 97 }, (_, i) => (i % 7 === 0 ? SOURCES[i % SOURCES.length] : `question ${i} about order ${i % 5} and refunds`));
  const sources = [...SOURCES, ...Array.from({ length: 40 }, (_, i) => `question ${i * 3} about order ${i % 5} and refunds`)];

  test("the merged shard reports are exactly the whole scan's report", async () => {
    const whole = await scanLeakage(generated, sources, { examples: 5 });
    for (const count of [1, 2, 3, 5]) {
      const parts = await Promise.all(Array.from({ length: count }, (_, index) => scanLeakage(generated, sources, { examples: 5, shard: { index, count } })));
      expect(parts.map((p) => p.rows.length).reduce((a, b) => a + b)).toBe(97);
      expect(Array.from(parts[0].rows).every((row) => row % count === 0)).toBe(true);
      const reports = parts.map((p) => p.report as ShardReport);
      expect(mergeLeakageReports(reports.reverse())).toEqual(whole.report);
    }
  });

  test("incomplete or mismatched parts are refused", async () => {
    const part = (index: number, count: number, extra = {}) => scanLeakage(generated, sources, { shard: { index, count }, ...extra }).then((p) => p.report as ShardReport);
    const [a, b, c] = await Promise.all([part(0, 2), part(1, 2), part(1, 3)]);
    expect(() => mergeLeakageReports([a])).toThrow(/shards 1 of 2 are missing/);
    expect(() => mergeLeakageReports([a, a])).toThrow(/repeats shard 0/);
    expect(() => mergeLeakageReports([a, c])).toThrow(/cut into 3 shards/);
    const otherThreshold = await part(1, 2, { threshold: 0.5 });
    expect(() => mergeLeakageReports([a, otherThreshold])).toThrow(/another threshold/);
    const otherExamples = await part(1, 2, { examples: 3 });
    expect(() => mergeLeakageReports([a, otherExamples])).toThrow(/^mergeLeakageReports: part 1 \(shard 1 of 2\) was scanned keeping 3 examples, part 0 keeping \d+$/);
    const whole = (await scanLeakage(generated, sources)).report;
    expect(() => mergeLeakageReports([whole as ShardReport])).toThrow(/part 0 is not a shard report/);
    expect(mergeLeakageReports([b, a]).n).toBe(97);
  });
});

describe("progress and cancellation", { timeout: 60_000 }, () => {
  const generated = Array.from({ length: 3000 }, (_, i) => `generated prompt number ${i} about topic ${i % 13}`);
  const sources = Array.from({ length: 200_000 }, (_, i) => `held out prompt ${i} on subject ${i % 17} ${i % 3 === 0 ? "refund" : "order"}`);

  test("events carry rows and pairs done, the total, a rate and an ETA", async () => {
    const events: ScanProgress[] = [];
    const got = await scanLeakage(generated, sources, { onProgress: (p) => events.push(p) });
    expect(events.length).toBeGreaterThan(1);
    const last = events[events.length - 1];
    expect(last.rowsDone).toBe(3000);
    expect(last.pairsDone).toBe(3000 * got.report.n_sources);
    expect(last.pairsTotal).toBe(last.pairsDone);
    expect(last.etaSeconds).toBe(0);
    expect(events[0].pairsPerSecond).toBeGreaterThan(0);
    expect(events[0].etaSeconds).toBeGreaterThan(0);
    for (let i = 1; i < events.length; i++) expect(events[i].pairsDone).toBeGreaterThan(events[i - 1].pairsDone);
  });

  test("an unknown total (a stream) gives null totals and ETA", async () => {
    const events: ScanProgress[] = [];
    await scanLeakage((function* () {
      yield* generated.slice(0, 10);
    })(), sources.slice(0, 10), { onProgress: (p) => events.push(p) });
    expect(events.at(-1)).toMatchObject({ rowsDone: 10, rowsTotal: null, pairsTotal: null, etaSeconds: null });
  });

  test("an abort stops the scan between chunks with the signal's reason", async () => {
    const controller = new AbortController();
    let seen = 0;
    const run = scanLeakage(generated, sources, {
      signal: controller.signal,
      onProgress: () => {
        if (++seen === 1) controller.abort(new Error("user cancelled"));
      },
    });
    await expect(run).rejects.toThrow("user cancelled");
    expect(seen).toBe(1);
    await expect(scanLeakage(generated, sources, { signal: AbortSignal.abort() })).rejects.toThrow(/abort/i);
  });
});
