import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, example, jsonLines, runWai, tempDir } from "../testing/run-wai.js";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe("wai rows", () => {
  it("writes canonical rows to stdout by default and with -o -", async () => {
    const plain = await runWai(["rows", example("coding-tool-trace.jsonl")]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toBe("");
    const rows = jsonLines(plain.stdout) as Record<string, unknown>[];
    expect(rows).toHaveLength(60);
    // The logger's question/final and task/output spellings become prompt/final_text.
    for (const row of rows) expect(typeof row.prompt).toBe("string");
    expect((await runWai(["rows", example("coding-tool-trace.jsonl"), "-o", "-"])).stdout).toBe(plain.stdout);
  });

  it("concatenates several inputs in order into one file and says where they went", async () => {
    const out = tmp.path("all.jsonl");
    const result = await runWai(["rows", example("otel/genai.otlp.pb"), example("support-canonical.jsonl"), "-o", out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(`wai: wrote 81 rows to ${out}\n`);
    const rows = jsonLines(readFileSync(out, "utf8")) as Record<string, unknown>[];
    expect(rows[0].conversation_id).toBe("conv-genai");
    expect(rows).toHaveLength(81);
  });

  it("streams past one batch with the same rows and counts as one load", async () => {
    const file = tmp.path("openai-x20.jsonl");
    const once = readFileSync(example("openai-messages.jsonl"), "utf8");
    writeFileSync(file, once.repeat(20));
    const out = tmp.path("openai-x20.rows.jsonl");
    const result = await runWai(["rows", file, "-o", out, "--json"]);
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout) as { rows: number; inputs: { dropped: { no_signal: number } }[] };
    expect(summary.rows).toBe(1400);
    expect(summary.inputs[0].dropped.no_signal).toBe(40);
    const single = (await runWai(["rows", example("openai-messages.jsonl")])).stdout;
    expect(readFileSync(out, "utf8")).toBe(single.repeat(20));
  });

  it("--reward-key and --threshold set each row's reward", async () => {
    const result = await runWai(["rows", example("graded-by-score.jsonl"), "--reward-key", "score", "--threshold", "0.75"]);
    const rows = jsonLines(result.stdout) as { reward?: number; score: number }[];
    expect(rows).toHaveLength(48);
    for (const row of rows) expect(row.reward).toBe(row.score >= 0.75 ? 1 : 0);
  });

  it("an unwritable -o is exit 1 naming it", async () => {
    const result = await runWai(["rows", example("support-canonical.jsonl"), "-o", tmp.path("no/such/dir/rows.jsonl")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^wai: cannot write .*no\/such\/dir\/rows\.jsonl: ENOENT/);
  });

  it("stops quietly when the reader of stdout goes away (| head)", () => {
    // Real-binary test: EPIPE on a closed stdout is handled in bin.ts, on the process's own stdout.
    const file = tmp.path("many.jsonl");
    writeFileSync(file, readFileSync(example("support-canonical.jsonl"), "utf8").repeat(20));
    const result = spawnSync("bash", ["-c", `set -o pipefail; "${process.execPath}" "${BIN}" rows "${file}" | head -c 10 >/dev/null`], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});
