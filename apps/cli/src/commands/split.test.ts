import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { example, jsonLines, runWai, tempDir } from "../testing/run-wai.js";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

type Row = Record<string, unknown>;
const task = (row: Row): string => String(row.scenario_id || row.task_id || row.prompt);

describe("wai split", () => {
  it("writes a task-disjoint holdout and the train rest, every row once", async () => {
    const train = tmp.path("train.jsonl");
    const holdout = tmp.path("holdout.jsonl");
    const result = await runWai(["split", example("support-canonical.jsonl"), "--fraction", "0.2", "--seed", "0", "--train", train, "--holdout", holdout]);
    expect(result.code).toBe(0);
    const trainRows = jsonLines(readFileSync(train, "utf8")) as Row[];
    const holdoutRows = jsonLines(readFileSync(holdout, "utf8")) as Row[];
    expect(trainRows.length + holdoutRows.length).toBe(80);
    const held = new Set(holdoutRows.map(task));
    expect(trainRows.filter((row) => held.has(task(row)))).toEqual([]);
    expect(result.stdout).toBe(
      [
        "split 80 rows (fraction 0.2, seed 0):",
        `  holdout: ${holdoutRows.length} rows, ${held.size} tasks -> ${holdout}`,
        `  train:   ${trainRows.length} rows, ${new Set(trainRows.map(task)).size} tasks -> ${train}`,
        "",
      ].join("\n"),
    );
  });

  it("is deterministic for a seed, and the seed changes the fill", async () => {
    const run = async (seed: string, name: string) => {
      const holdout = tmp.path(`${name}-h.jsonl`);
      const result = await runWai(["split", example("support-canonical.jsonl"), "--fraction", "0.8", "--seed", seed, "--train", tmp.path(`${name}-t.jsonl`), "--holdout", holdout, "--json"]);
      expect(result.code).toBe(0);
      return readFileSync(holdout, "utf8");
    };
    const a = await run("1", "a");
    expect(await run("1", "b")).toBe(a);
    expect(await run("2", "c")).not.toBe(a);
  });

  it("--json summarises the split", async () => {
    const result = await runWai(["split", example("support-canonical.jsonl"), "--train", tmp.path("t.jsonl"), "--holdout", tmp.path("h.jsonl"), "--json"]);
    const summary = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(summary)).toEqual(["rows", "fraction", "seed", "train", "holdout", "inputs"]);
    expect(summary).toMatchObject({ rows: 80, fraction: 0.2, seed: 0, train: { path: tmp.path("t.jsonl") }, holdout: { path: tmp.path("h.jsonl") } });
    const { train, holdout } = summary as { train: { rows: number }; holdout: { rows: number } };
    expect(train.rows + holdout.rows).toBe(80);
  });

  it("usage errors exit 2", async () => {
    const missing = await runWai(["split", example("support-canonical.jsonl"), "--train", tmp.path("x.jsonl")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--holdout <file>' not specified");
    const fraction = await runWai(["split", example("support-canonical.jsonl"), "--train", "a", "--holdout", "b", "--fraction", "1.5"]);
    expect(fraction.code).toBe(2);
    expect(fraction.stderr).toContain("expected a number from 0 to 1, got 1.5");
    const same = await runWai(["split", example("support-canonical.jsonl"), "--train", "a", "--holdout", "a"]);
    expect(same.code).toBe(2);
    expect(same.stderr).toBe("wai: --train and --holdout must be different files\n");
  });
});
