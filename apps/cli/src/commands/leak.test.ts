import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { example, jsonLines, runWai, runWaiBinary, tempDir } from "../testing/run-wai.js";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

interface Report {
  n: number;
  n_sources: number;
  threshold: number;
  n_leaky: number;
  max_similarity: number;
  leaky: { row: number; source: number; similarity: number }[];
  shard?: { index: number; count: number; examples: number };
}

const generated = example("support-canonical.jsonl");
let holdout: string;

beforeAll(async () => {
  // Sources: a real holdout of the same file, so some generated rows are exact copies.
  holdout = tmp.path("holdout.jsonl");
  const split = await runWai(["split", generated, "--train", tmp.path("train.jsonl"), "--holdout", holdout, "--json"]);
  expect(split.code).toBe(0);
});

async function leakJson(args: string[]): Promise<Report> {
  const result = await runWai(["leak", ...args, "--json"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Report;
}

describe("wai leak", () => {
  it("--json gives the leakage report with stable keys", async () => {
    const report = await leakJson(["--generated", generated, "--sources", holdout]);
    expect(Object.keys(report)).toEqual(["n", "n_sources", "threshold", "n_leaky", "max_similarity", "leaky"]);
    const holdoutRows = jsonLines(readFileSync(holdout, "utf8")).length;
    expect(report).toMatchObject({ n: 80, n_sources: holdoutRows, threshold: 0.9, max_similarity: 1 });
    // Every held-out row is also in the generated set, so at least that many rows leak.
    expect(report.n_leaky).toBeGreaterThanOrEqual(holdoutRows);
    expect(report.leaky).toHaveLength(20);
    expect(report.leaky[0].similarity).toBeGreaterThanOrEqual(0.9);
  });

  it("prints a summary and --drop-to writes the clean rows", async () => {
    const clean = tmp.path("clean.jsonl");
    const result = await runWai(["leak", "--generated", generated, "--sources", holdout, "--drop-to", clean, "--threads", "1", "--examples", "2"]);
    expect(result.code).toBe(0);
    const report = await leakJson(["--generated", generated, "--sources", holdout]);
    const kept = jsonLines(readFileSync(clean, "utf8"));
    expect(kept).toHaveLength(80 - report.n_leaky);
    expect(result.stdout).toMatch(new RegExp(`^scanned 80 generated rows against ${report.n_sources} sources in [0-9.]+ s \\((wasm|ts) kernel, 1 thread\\)\\n`));
    expect(result.stdout).toContain(`leaky: ${report.n_leaky} of 80 rows at threshold 0.9 (max similarity 1)\n`);
    expect(result.stdout).toContain(`  row ${report.leaky[0].row} ~ source ${report.leaky[0].source} (similarity ${report.leaky[0].similarity})\n`);
    expect(result.stdout).toContain(`  ... ${report.n_leaky - 2} more not listed (--examples)\n`);
    expect(result.stdout).toContain(`dropped ${report.n_leaky} leaky rows; wrote ${kept.length} clean rows to ${clean}\n`);
    // No progress bar when stderr is not a terminal.
    expect(result.stderr).toBe("");
    // The clean rows no longer leak.
    expect((await leakJson(["--generated", clean, "--sources", holdout])).n_leaky).toBe(0);
  });

  it("--threshold moves the bar", async () => {
    const strict = await leakJson(["--generated", generated, "--sources", holdout, "--threshold", "1"]);
    const loose = await leakJson(["--generated", generated, "--sources", holdout, "--threshold", "0.5"]);
    expect(strict.threshold).toBe(1);
    expect(loose.n_leaky).toBeGreaterThan(strict.n_leaky);
  });

  it("the shards of a scan, merged, give exactly the whole scan's report", async () => {
    const whole = await leakJson(["--generated", generated, "--sources", holdout, "--examples", "7"]);
    const parts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const part = tmp.path(`part${i}.json`);
      const result = await runWai(["leak", "--generated", generated, "--sources", holdout, "--examples", "7", "--shard", `${i}/3`, "--out", part]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`(shard ${i}/3)`);
      expect(result.stdout).toContain(`report written to ${part}`);
      const report = JSON.parse(readFileSync(part, "utf8")) as Report;
      expect(report.shard).toEqual({ index: i, count: 3, examples: 7 });
      parts.push(part);
    }
    const merged = await leakJson(["--merge", parts[2], parts[0], parts[1]]);
    expect(merged).toEqual(whole);
    const text = await runWai(["leak", "--merge", ...parts]);
    expect(text.stdout).toMatch(/^merged 3 shard reports\nleaky: /);
  });

  it("a bad --shard is a usage error (exit 2)", async () => {
    for (const shard of ["3/3", "1-3", "0/0", "x"]) {
      const result = await runWai(["leak", "--generated", generated, "--sources", holdout, "--shard", shard]);
      expect(result.code, shard).toBe(2);
      expect(result.stderr, shard).toMatch(/^wai: option '--shard <i\/N\|auto>' argument '.*' is invalid/);
    }
    const drop = await runWai(["leak", "--generated", generated, "--sources", holdout, "--shard", "0/2", "--drop-to", tmp.path("x.jsonl")]);
    expect(drop.code).toBe(2);
    const stdinTwice = await runWai(["leak", "--generated", "-", "--sources", "-"], { input: "" });
    expect(stdinTwice.code).toBe(2);
    expect(stdinTwice.stderr).toBe("wai: stdin (-) can feed --generated or --sources, not both\n");
    const missing = await runWai(["leak", "--generated", generated]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("wai: leak needs --generated and --sources (or --merge parts...)\n");
  });

  it("--merge refuses the options that shape a scan (exit 2)", async () => {
    const result = await runWai(["leak", "--merge", "a.json", "b.json", "--examples", "3", "--threshold", "0.5"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("wai: --merge combines finished shard reports, scanned with their own options: drop --threshold, --examples\n");
  });

  it("merging an incomplete or foreign set of parts is exit 1 naming the file", async () => {
    const part = tmp.path("p0.json");
    await runWai(["leak", "--generated", generated, "--sources", holdout, "--shard", "0/2", "--out", part]);
    const incomplete = await runWai(["leak", "--merge", part]);
    expect(incomplete.code).toBe(1);
    expect(incomplete.stderr).toBe("wai: cannot merge: shards 1 of 2 are missing\n");
    const other = tmp.path("other.json");
    await runWai(["leak", "--generated", generated, "--sources", holdout, "--shard", "1/2", "--threshold", "0.8", "--out", other]);
    const foreign = await runWai(["leak", "--merge", part, other]);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain(`${other} (shard 1 of 2) scanned other sources or another threshold`);
    const whole = tmp.path("whole.json");
    await runWai(["leak", "--generated", generated, "--sources", holdout, "--out", whole]);
    const notShard = await runWai(["leak", "--merge", whole]);
    expect(notShard.code).toBe(1);
    expect(notShard.stderr).toContain(`${whole}: not a shard report`);
  });

  it("reads the generated rows from stdin", async () => {
    const fromFile = await leakJson(["--generated", generated, "--sources", holdout]);
    const result = await runWai(["leak", "--generated", "-", "--sources", holdout, "--json"], { input: readFileSync(generated) });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(fromFile);
  });

  it("a missing input file is exit 1 with its name", async () => {
    const result = await runWai(["leak", "--generated", tmp.path("nope.jsonl"), "--sources", holdout]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`wai: ${tmp.path("nope.jsonl")}: no such file\n`);
  });

  // 50k x 50k prompts (2.5e9 pairs) takes many seconds on any machine we run on. The sources come
  // through stdin, read last, so "stdin read to the end" means the scan is about to start.
  function bigScan(): { args: string[]; sources: Buffer; out: string } {
    const words = "order refund ship track cancel address email account password login invoice charge card late damaged missing".split(" ");
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const prompts = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => JSON.stringify({ prompt: `${Array.from({ length: 10 }, () => words[next() % words.length]).join(" ")} ${tag}${i}` })).join("\n");
    const big = tmp.path("big-generated.jsonl");
    writeFileSync(big, prompts(50_000, "g"));
    const out = tmp.path("interrupted.json");
    return { args: ["leak", "--generated", big, "--sources", "-", "--threads", "2", "--out", out], sources: Buffer.from(prompts(50_000, "s")), out };
  }

  it("Ctrl-C stops a long scan cleanly: one line, exit 130, no report written", async () => {
    const { args, sources, out } = bigScan();
    const ctrlC = new AbortController();
    const result = await runWai(args, { input: sources, interrupt: ctrlC.signal, onInputRead: () => ctrlC.abort() });
    expect(result.signal).toBeNull();
    expect(result.code).toBe(130);
    expect(result.stderr).toBe("wai: interrupted\n");
    expect(result.stdout).toBe("");
    expect(() => readFileSync(out)).toThrow();
  });

  it("the binary: a real SIGINT mid-scan is the same one line and exit 130", async () => {
    // Real-binary test: SIGINT reaching bin.ts's handlers is what an in-process run cannot show.
    const { args, sources, out } = bigScan();
    // The pipe (64 KiB) holds far less than the 4 MB of sources: once it has taken them all, wai is reading them.
    const result = await runWaiBinary(args, { input: sources, onInputWritten: (child) => child.kill("SIGINT") });
    expect(result.signal).toBeNull();
    expect(result.code).toBe(130);
    expect(result.stderr).toBe("wai: interrupted\n");
    expect(result.stdout).toBe("");
    expect(() => readFileSync(out)).toThrow();
  });
});
