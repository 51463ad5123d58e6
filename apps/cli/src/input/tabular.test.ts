import { spawnSync } from "node:child_process";
import { createWriteStream, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { example, fixture, jsonLines, runWai, tempDir } from "../testing/run-wai.js";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** `examples/support-canonical.jsonl` as DuckDB (Parquet, CSV) and apache-arrow (Arrow IPC file) wrote it. */
const TABLES = [
  ["support-canonical.parquet", "parquet"],
  ["support-canonical.csv", "csv"],
  ["support-canonical.arrow", "arrow-file"],
] as const;
const JSONL = example("support-canonical.jsonl");

/** A `--json` result without its `inputs` (which name the file and its format). */
function withoutInputs(stdout: string): unknown {
  const { inputs: _inputs, ...rest } = JSON.parse(stdout) as Record<string, unknown>;
  return rest;
}

async function ok(args: string[]): Promise<{ stdout: string; stderr: string }> {
  const result = await runWai(args);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

describe("tabular inputs, by every command that reads traces", () => {
  it.each(TABLES)("wai rows reads %s as %s, the same canonical rows as the JSON Lines file", async (name, format) => {
    const out = tmp.path(`${name}.jsonl`);
    const result = await ok(["rows", example(`tabular/${name}`), "-o", out, "--json"]);
    expect((JSON.parse(result.stdout) as { inputs: { format: string }[] }).inputs[0]!.format).toBe(format);
    expect(jsonLines(readFileSync(out, "utf8"))).toEqual(jsonLines((await ok(["rows", JSONL])).stdout));
  });

  it.each(TABLES)("flaws, harness, split and leak give on %s what they give on the JSON Lines file", async (name) => {
    const table = example(`tabular/${name}`);
    expect(withoutInputs((await ok(["flaws", table, "--json"])).stdout)).toEqual(withoutInputs((await ok(["flaws", JSONL, "--json"])).stdout));
    expect((await ok(["harness", table])).stdout).toBe((await ok(["harness", JSONL])).stdout);
    const parts = (input: string, tag: string) => ["split", input, "--train", tmp.path(`${tag}-train.jsonl`), "--holdout", tmp.path(`${tag}-holdout.jsonl`), "--json"];
    const splitTable = withoutInputs((await ok(parts(table, `t-${name}`))).stdout) as { train: { path: string }; holdout: { path: string } };
    const splitJsonl = withoutInputs((await ok(parts(JSONL, `j-${name}`))).stdout) as { train: { path: string }; holdout: { path: string } };
    expect({ ...splitTable, train: { ...splitTable.train, path: "" }, holdout: { ...splitTable.holdout, path: "" } }).toEqual({
      ...splitJsonl,
      train: { ...splitJsonl.train, path: "" },
      holdout: { ...splitJsonl.holdout, path: "" },
    });
    expect(readFileSync(splitTable.holdout.path, "utf8")).toBe(readFileSync(splitJsonl.holdout.path, "utf8"));
    const leak = (generated: string) => ["leak", "--generated", generated, "--sources", splitJsonl.holdout.path, "--threads", "1", "--json"];
    expect(withoutInputs((await ok(leak(table))).stdout)).toEqual(withoutInputs((await ok(leak(JSONL))).stdout));
  });

  it("reads Parquet from stdin (held whole: a stream has no offsets) and gzipped Parquet", async () => {
    const expected = jsonLines((await ok(["rows", JSONL])).stdout);
    const bytes = readFileSync(example("tabular/support-canonical.parquet"));
    const piped = await runWai(["rows", "-"], { input: bytes });
    expect(piped.code).toBe(0);
    expect(jsonLines(piped.stdout)).toEqual(expected);
    const gz = tmp.path("support.parquet.gz");
    writeFileSync(gz, gzipSync(bytes));
    const result = await runWai(["rows", gz, "-o", tmp.path("gz.jsonl"), "--json"]);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { inputs: unknown[] }).inputs[0]).toMatchObject({ format: "parquet", gzip: true, rows: 80 });
  });

  it("reads a pipe path (a FIFO, as <(zcat ...) gives) as a stream, not as an empty file", async () => {
    // A pipe's size is 0: read at offsets it would look empty.
    const fifo = tmp.path("rows.fifo");
    const made = spawnSync("mkfifo", [fifo]);
    if (made.status !== 0) return; // no mkfifo on this system: nothing to check
    const writer = createWriteStream(fifo);
    writer.on("error", () => {}); // a reader that closes early is the assertion's to report, not an unhandled error
    writer.end(readFileSync(example("tabular/support-canonical.parquet")));
    const result = await runWai(["rows", fifo]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout)).toEqual(jsonLines((await ok(["rows", JSONL])).stdout));
  });

  it("reads Parquet a row group at a time: several row groups give the rows in order", async () => {
    const result = await ok(["rows", fixture("tabular/support-row-groups.parquet")]);
    expect(jsonLines(result.stdout)).toEqual(jsonLines((await ok(["rows", JSONL])).stdout).slice(0, 12));
  });
});

describe("bad tabular input", () => {
  it("a cut-short Parquet file is exit 1 naming the file, with or without --skip-bad-lines", async () => {
    const file = fixture("tabular/truncated.parquet");
    for (const extra of [[], ["--skip-bad-lines"]]) {
      const result = await runWai(["rows", file, ...extra]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toBe(`wai: ${file}: not a readable Parquet file: it opens as Parquet but does not end with the Parquet footer (PAR1); it may be cut short\n`);
    }
  });

  it("a cut-short Arrow file is exit 1 naming the file", async () => {
    const file = fixture("tabular/truncated.arrow");
    const result = await runWai(["rows", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^wai: ${escapeRegExp(file)}: not a readable Arrow IPC file: .*cut short\\n$`));
  });

  it("a CSV line with the wrong number of fields stops the read naming the line; --skip-bad-lines drops it and says so", async () => {
    const file = fixture("tabular/ragged.csv");
    const stopped = await runWai(["rows", file]);
    expect(stopped.code).toBe(1);
    expect(stopped.stdout).toBe("");
    expect(stopped.stderr).toBe(`wai: ${file}:4: 5 fields where the header has 4\n`);
    // The file has no prompt or steps column: the five good rows are dropped as rows with no signal.
    const skipped = await runWai(["rows", file, "--skip-bad-lines"]);
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toBe(`wai: ${file}: dropped 1 line with the wrong number of fields (line 4), 5 rows with neither a prompt nor a step (lines 2, 3, 5, 6, 7); kept 0 rows\n`);
    const summary = JSON.parse((await ok(["rows", file, "--skip-bad-lines", "-o", tmp.path("ragged.jsonl"), "--json"])).stdout) as { inputs: Record<string, unknown>[] };
    expect(summary.inputs[0]).toMatchObject({ format: "csv", records: 6, rows: 0, dropped: { unreadable: 1, no_signal: 5 }, reasons: { "wrong number of fields": 1 } });
  });

  it("a CSV line with the wrong number of fields is dropped by every command with --skip-bad-lines", async () => {
    const file = tmp.path("support-ragged.csv");
    const lines = readFileSync(example("tabular/support-canonical.csv"), "utf8").split("\n");
    lines[1] = `${lines[1]},surplus`;
    writeFileSync(file, lines.join("\n"));
    const report = await runWai(["report", file, "--skip-bad-lines"]);
    expect(report.code).toBe(0);
    expect(report.stderr).toContain(`wai: ${file}: dropped 1 line with the wrong number of fields (line 2); kept 79 rows\n`);
    expect(report.stdout).toMatch(/^traces: +79\n/);
  });

  it("a Parquet row group that does not decode stops the read naming the row group and codec; --skip-bad-lines drops its rows", async () => {
    const file = fixture("tabular/unknown-codec.parquet");
    const stopped = await runWai(["rows", file]);
    expect(stopped.code).toBe(1);
    expect(stopped.stdout).toBe("");
    expect(stopped.stderr).toBe(`wai: ${file}: row group 1 of 1 (rows 1-3): unsupported compression codec: LZO\n`);
    const skipped = await runWai(["rows", file, "--skip-bad-lines"]);
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toBe(`wai: ${file}: dropped 3 rows in Parquet row groups that do not decode (row group 1 of 1 (rows 1-3)); kept 0 rows\n`);
  });

  it("--skip-bad-lines says in its help what it skips", async () => {
    const help = (await runWai(["rows", "--help"])).stdout.replace(/\s+/g, " ");
    expect(help).toContain("JSON Lines that are not JSON, CSV/TSV lines with the wrong number of fields or a bad quote, Parquet row groups that do not decode");
    expect(help).toContain("Parquet, CSV/TSV and Arrow IPC");
    expect(help).toContain("memory holds all the rows");
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
