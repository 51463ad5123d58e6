// `pnpm start` runs scripts/main-job.mjs after building; this runs the same script as a child
// process on the bundled examples and checks what it prints, its exit code and its cleanup.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SCRIPT = fileURLToPath(new URL("../../../scripts/main-job.mjs", import.meta.url));

/** The number in the first line matching `pattern`'s group. */
function numberIn(stdout: string, pattern: RegExp): number {
  const match = stdout.match(pattern);
  if (!match) throw new Error(`no line matches ${pattern}`);
  return Number(match[1]);
}

describe("the main job (pnpm start)", () => {
  it("runs the pipeline end to end, prints each stage and removes its data directory", { timeout: 180_000 }, async () => {
    // The user's own platform settings must not matter: the job talks to its own server only.
    const env = { ...process.env, WHILEAI_API_URL: "http://127.0.0.1:9", WHILEAI_API_KEY: "not-this-one" };
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT], { cwd: ROOT, env, maxBuffer: 16 << 20 });
    expect(stderr).toBe("");

    const dataDir = stdout.match(/data in (\S+) \(removed at the end\)/)?.[1];
    expect(dataDir).toBeTruthy();
    expect(existsSync(dataDir!)).toBe(false);

    // Every example file is read, the OpenTelemetry captures included, each conversation once.
    for (const file of ["graded-by-score.jsonl", "otel/genai.otlp.pb", "otel/openinference.otlp.json"]) expect(stdout).toContain(file);
    // One example set is read from Parquet, as the Hugging Face Hub stores datasets.
    expect(stdout).toMatch(/tabular\/support-canonical\.parquet +80 rows +parquet\n/);
    expect(stdout).toMatch(/otel\/genai\.otlp\.pb +0 rows +otlp-protobuf; the conversation of otel\/genai\.otlp\.json again/);
    // One capture of each source family, each read through the front door by its content.
    expect(stdout).toMatch(/captures\/claude-code-session\.jsonl +2 rows +claude-code-jsonl; dropped 6 records left out/);
    expect(stdout).toMatch(/captures\/openai-agents-state\.json +1 row +openai-agents-run-state\n/);
    expect(stdout).toMatch(/captures\/vercel-ai-6-tool-loop\.otlp\.json +1 row +otlp-json\n/);
    const read = numberIn(stdout, /^ {2}total +(\d+) rows$/m);

    // The trace report over all of them, and the loaded rows split into holdout and remainder.
    expect(stdout).toMatch(/^trace report, aimed at the \d+ tools the traces show$/m);
    const loaded = numberIn(stdout, /^traces: +(\d+)$/m);
    expect(loaded + numberIn(stdout, /^dropped rows: +(\d+) /m)).toBe(read);
    const holdout = numberIn(stdout, /^ {2}holdout +(\d+) rows$/m);
    const remainder = numberIn(stdout, /^ {2}remainder +(\d+) rows/m);
    expect(holdout).toBeGreaterThan(0);
    expect(holdout + remainder).toBe(loaded);

    // The gate drops some generated rows, lists each of them with the held-out prompt it copies, keeps the rest.
    const gate = stdout.match(/generated\/\*\.jsonl \(a simulator's output\) +(\d+) rows +(\d+) dropped +(\d+) kept/);
    expect(gate).not.toBeNull();
    const [generated, dropped, kept] = gate!.slice(1).map(Number);
    expect(dropped).toBeGreaterThan(0);
    expect(kept).toBeGreaterThan(dropped!);
    expect(dropped! + kept!).toBe(generated);
    const listed = stdout.slice(stdout.indexOf("dropped from the generated set:"), stdout.indexOf("dropped from the remainder traces"));
    expect(listed.match(/~ {2}held out: "/g)).toHaveLength(dropped!);
    const remainderKept = numberIn(stdout, /remainder traces +\d+ rows +\d+ dropped +(\d+) kept/);

    // Train (kept traces + kept generated rows) and holdout go up, come back identical.
    const train = remainderKept + kept!;
    expect(stdout).toMatch(new RegExp(`examples-train +${train} rows .*\\(train\\)`));
    expect(stdout).toMatch(new RegExp(`examples-holdout +${holdout} rows .*\\(holdout, parent ds_`));
    expect(stdout).toMatch(new RegExp(`examples-train +${train} rows in \\d+ parts, identical to what was pushed`));
    expect(stdout).toMatch(new RegExp(`examples-holdout +${holdout} rows in \\d+ parts, identical to what was pushed`));

    // Timings for every stage, then the total.
    for (const name of ["start the local platform", "read traces", "trace report", "split a holdout", "leakage gate", "push", "pull and verify", "total"]) {
      expect(stdout).toMatch(new RegExp(`^ {2}${name} +\\d+ ms$`, "m"));
    }
  });
});
