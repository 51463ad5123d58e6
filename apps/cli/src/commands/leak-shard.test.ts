import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CliError, UsageError } from "../errors.js";
import { example, runWai, runWaiBinary, tempDir } from "../testing/run-wai.js";
import { partFileName, resolveShard } from "./leak-shard.js";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const KUBERNETES = fileURLToPath(new URL("../../../../docs/kubernetes/", import.meta.url));

describe("--shard auto", () => {
  it("takes a Kubernetes Indexed Job's index and --shard-count", () => {
    expect(resolveShard("auto", 4, { JOB_COMPLETION_INDEX: "3" })).toEqual({ index: 3, count: 4 });
    expect(resolveShard("auto", 1, { JOB_COMPLETION_INDEX: "0" })).toEqual({ index: 0, count: 1 });
    expect(resolveShard("auto", 8, { AWS_BATCH_JOB_ARRAY_INDEX: "5" })).toEqual({ index: 5, count: 8 });
  });

  it("takes a Cloud Run job's count from its environment, and --shard-count must agree with it", () => {
    expect(resolveShard("auto", undefined, { CLOUD_RUN_TASK_INDEX: "2", CLOUD_RUN_TASK_COUNT: "3" })).toEqual({ index: 2, count: 3 });
    expect(resolveShard("auto", 3, { CLOUD_RUN_TASK_INDEX: "2", CLOUD_RUN_TASK_COUNT: "3" })).toEqual({ index: 2, count: 3 });
    expect(() => resolveShard("auto", 4, { CLOUD_RUN_TASK_INDEX: "2", CLOUD_RUN_TASK_COUNT: "3" })).toThrow("--shard auto: --shard-count 4 disagrees with CLOUD_RUN_TASK_COUNT=3");
  });

  it("refuses what it cannot trust, naming the variable", () => {
    const cases: [Record<string, string>, number | undefined, string, typeof CliError][] = [
      [{}, 4, "--shard auto: no shard index in the environment; expected one of JOB_COMPLETION_INDEX (Kubernetes Indexed Job), CLOUD_RUN_TASK_INDEX (Cloud Run job), AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch array job)", CliError],
      [{ JOB_COMPLETION_INDEX: "" }, 4, "no shard index in the environment", CliError],
      [{ JOB_COMPLETION_INDEX: "1" }, undefined, "--shard auto needs --shard-count N: JOB_COMPLETION_INDEX gives the index only", UsageError],
      [{ JOB_COMPLETION_INDEX: "4" }, 4, "--shard auto: JOB_COMPLETION_INDEX=4 is not below the shard count 4", CliError],
      [{ JOB_COMPLETION_INDEX: "-1" }, 4, '--shard auto: JOB_COMPLETION_INDEX is "-1", not a shard index', CliError],
      [{ JOB_COMPLETION_INDEX: "1.5" }, 4, '--shard auto: JOB_COMPLETION_INDEX is "1.5", not a shard index', CliError],
      [{ JOB_COMPLETION_INDEX: "1", AWS_BATCH_JOB_ARRAY_INDEX: "2" }, 4, "--shard auto: the environment names different shards: JOB_COMPLETION_INDEX=1, AWS_BATCH_JOB_ARRAY_INDEX=2", CliError],
      [{ CLOUD_RUN_TASK_INDEX: "0", CLOUD_RUN_TASK_COUNT: "0" }, undefined, '--shard auto: CLOUD_RUN_TASK_COUNT is "0", not a shard count', CliError],
    ];
    for (const [env, count, message, kind] of cases) {
      let thrown: unknown;
      try {
        resolveShard("auto", count, env);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(env)).toBeInstanceOf(kind);
      expect((thrown as Error).message, JSON.stringify(env)).toContain(message);
    }
    // Two runners that agree are one answer.
    expect(resolveShard("auto", 4, { JOB_COMPLETION_INDEX: "1", AWS_BATCH_JOB_ARRAY_INDEX: "1" })).toEqual({ index: 1, count: 4 });
  });

  it("--shard-count belongs to --shard auto only", () => {
    expect(() => resolveShard({ index: 0, count: 2 }, 2, {})).toThrow(UsageError);
    expect(() => resolveShard(undefined, 2, {})).toThrow("--shard-count goes with --shard auto");
    expect(resolveShard({ index: 1, count: 2 }, undefined, { JOB_COMPLETION_INDEX: "0" })).toEqual({ index: 1, count: 2 });
    expect(resolveShard(undefined, undefined, { JOB_COMPLETION_INDEX: "0" })).toBeUndefined();
  });

  it("names parts so that a folder lists them in shard order", () => {
    expect(partFileName({ index: 3, count: 4 })).toBe("leak-shard-3-of-4.json");
    expect(partFileName({ index: 7, count: 12 })).toBe("leak-shard-07-of-12.json");
    const names = Array.from({ length: 12 }, (_, index) => partFileName({ index, count: 12 }));
    expect([...names].sort()).toEqual(names);
  });
});

/** A container's `args`, or its command and args, from the Job in `file`. */
function jobOf(file: string): { spec: Record<string, unknown>; args: string[]; mountPath: string } {
  const job = parse(readFileSync(join(KUBERNETES, file), "utf8")) as { kind: string; spec: { template: { spec: { containers: { args: string[]; volumeMounts: { mountPath: string }[] }[] } } } & Record<string, unknown> };
  expect(job.kind).toBe("Job");
  const [container] = job.spec.template.spec.containers;
  return { spec: job.spec, args: container.args, mountPath: container.volumeMounts[0].mountPath };
}

describe("the Kubernetes Indexed Job in docs/kubernetes", () => {
  const data = tmp.path("volume");
  let holdout: string;

  beforeAll(async () => {
    mkdirSync(data);
    // The volume the pods share: generated rows and a holdout of them, so some rows leak.
    copyFileSync(example("support-canonical.jsonl"), join(data, "generated.jsonl"));
    holdout = join(data, "holdout.jsonl");
    const split = await runWai(["split", join(data, "generated.jsonl"), "--train", tmp.path("train.jsonl"), "--holdout", holdout, "--json"]);
    expect(split.code).toBe(0);
  });

  it("run as its pods would (one process per index, the index in the environment), merged by its merge Job, equals the one-machine report", async () => {
    const scan = jobOf("leak-scan-job.yaml");
    const merge = jobOf("leak-merge-job.yaml");
    expect(scan.spec.completionMode).toBe("Indexed");
    const completions = scan.spec.completions as number;
    // The manifest's two counts must agree, or shards go missing.
    expect(scan.args[scan.args.indexOf("--shard-count") + 1]).toBe(String(completions));
    expect(scan.args[0]).toBe("leak");
    const onVolume = (args: string[], mountPath: string) => args.slice(1).map((arg) => (arg.startsWith(`${mountPath}/`) ? `${data}/${arg.slice(mountPath.length + 1)}` : arg));

    const pods = await Promise.all(
      Array.from({ length: completions }, (_, index) => runWaiBinary(["leak", ...onVolume(scan.args, scan.mountPath)], { env: { JOB_COMPLETION_INDEX: String(index) } })),
    );
    pods.forEach((pod, index) => {
      expect(pod.stderr, `pod ${index}`).toBe("");
      expect(pod.code, `pod ${index}`).toBe(0);
      expect(pod.stdout).toContain(`(shard ${index}/${completions})`);
      expect(pod.stdout).toContain(`report written to ${data}/parts/${partFileName({ index, count: completions })}`);
    });
    // Only the parts: the temporary files they were written through are gone.
    expect(readdirSync(join(data, "parts")).sort()).toEqual(Array.from({ length: completions }, (_, index) => partFileName({ index, count: completions })));

    const merged = await runWaiBinary(["leak", ...onVolume(merge.args, merge.mountPath)]);
    expect(merged.stderr).toBe("");
    expect(merged.code).toBe(0);
    expect(merged.stdout).toMatch(new RegExp(`^merged ${completions} shard reports\\n`));

    // The same scan on one machine: the manifest's options without the sharding and the output.
    const whole: string[] = [];
    const args = onVolume(scan.args, scan.mountPath);
    for (let i = 0; i < args.length; i++) {
      if (["--shard", "--shard-count", "--out"].includes(args[i])) i++;
      else whole.push(args[i]);
    }
    const single = await runWai(["leak", ...whole, "--json"]);
    expect(single.code).toBe(0);
    const report = JSON.parse(single.stdout) as { n_leaky: number };
    expect(report.n_leaky).toBeGreaterThan(0);
    const mergedReport = JSON.parse(readFileSync(onVolume(["", merge.args[merge.args.indexOf("--out") + 1]], merge.mountPath)[0], "utf8"));
    expect(mergedReport).toEqual(report);
  });

  it("a folder missing a part, or holding none, is refused by the merge", async () => {
    const parts = tmp.path("some-parts");
    const run = (index: number) =>
      runWai(["leak", "--generated", join(data, "generated.jsonl"), "--sources", holdout, "--shard", "auto", "--shard-count", "3", "--out", `${parts}/`], { env: { JOB_COMPLETION_INDEX: String(index) } });
    expect((await run(0)).code).toBe(0);
    expect((await run(2)).code).toBe(0);
    const missing = await runWai(["leak", "--merge", parts]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("wai: cannot merge: shards 1 of 3 are missing\n");
    // A retried pod replaces its part; a stray file in the folder is named.
    expect((await run(2)).code).toBe(0);
    writeFileSync(join(parts, "notes.json"), "{}");
    expect((await run(1)).code).toBe(0);
    const stray = await runWai(["leak", "--merge", parts]);
    expect(stray.stderr).toBe(`wai: ${join(parts, "notes.json")}: not a shard report (write one with wai leak --shard i/N --out ${join(parts, "notes.json")})\n`);
    const empty = tmp.path("no-parts");
    mkdirSync(empty);
    const none = await runWai(["leak", "--merge", empty]);
    expect(none.code).toBe(1);
    expect(none.stderr).toBe(`wai: ${empty}: no shard reports (.json files) in this folder\n`);
  });

  it("--shard auto without an index in the environment stops before reading anything", async () => {
    const result = await runWai(["leak", "--generated", "missing.jsonl", "--sources", holdout, "--shard", "auto", "--shard-count", "2"], { env: { JOB_COMPLETION_INDEX: undefined, CLOUD_RUN_TASK_INDEX: undefined, AWS_BATCH_JOB_ARRAY_INDEX: undefined } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^wai: --shard auto: no shard index in the environment/);
  });
});
