import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { EXAMPLES, example, jsonLines, runWai, tempDir } from "../testing/run-wai.js";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** The canonical rows `wai rows` gives for a file, as JSON Lines on stdout. */
async function canonicalRows(file: string): Promise<unknown[]> {
  const result = await runWai(["rows", file]);
  expect(result.code).toBe(0);
  return jsonLines(result.stdout);
}

/** `wai rows <file> -o <out>`: writes, and says so on stderr. */
async function writeRows(file: string, out: string, extra: string[] = []): Promise<void> {
  const result = await runWai(["rows", file, "-o", out, ...extra]);
  expect(result.stderr).toMatch(new RegExp(`wai: wrote \\d+ rows? to ${out.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\n$`));
  expect(result.stdout).toBe("");
  expect(result.code).toBe(0);
}

/** `wai rows <file> -o y.jsonl --json`: the rows read back and the format the input was read as. */
async function readBack(file: string): Promise<{ rows: unknown[]; format: unknown }> {
  const out = tmp.path(`back-${Math.random().toString(36).slice(2)}.jsonl`);
  const result = await runWai(["rows", file, "-o", out, "--json"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const summary = JSON.parse(result.stdout) as { rows: number; inputs: { format: unknown }[] };
  const rows = jsonLines(readFileSync(out, "utf8"));
  expect(summary.rows).toBe(rows.length);
  return { rows, format: summary.inputs[0]?.format };
}

/**
 * A row as a Parquet file gives it back. Parquet structs cannot tell an explicit null from an
 * absent key, so a null inside a nested object (OpenAI's `"content": null`) reads back absent: the
 * documented limit of @whileai/ingest's Parquet writer. Top-level nulls are kept (a column cell can
 * be null). This is the only change the round trip tests allow.
 */
function withoutNestedNulls(value: unknown, top = true): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutNestedNulls(v, false));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null || top)
      .map(([k, v]) => [k, withoutNestedNulls(v, false)]),
  );
}

const EXAMPLE_JSONL = readdirSync(EXAMPLES)
  .filter((name) => name.endsWith(".jsonl"))
  .sort();

describe("wai rows -o: the format told by the extension", () => {
  it.each(["parquet", "csv", "tsv"])("support-canonical.jsonl to .%s and back gives the same canonical rows", async (format) => {
    const file = tmp.path(`support.${format}`);
    await writeRows(example("support-canonical.jsonl"), file);
    const back = await readBack(file);
    expect(back.format).toBe(format);
    expect(back.rows).toEqual(await canonicalRows(example("support-canonical.jsonl")));
  });

  it("writes a file of that format, not JSON Lines", async () => {
    const parquet = tmp.path("magic.parquet");
    await writeRows(example("support-canonical.jsonl"), parquet);
    const bytes = readFileSync(parquet);
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("PAR1");
    expect(bytes.subarray(-4).toString("latin1")).toBe("PAR1");
    // One CSV/TSV column per top-level key, in the order the keys are first seen.
    const columns = [...new Set((await canonicalRows(example("support-canonical.jsonl"))).flatMap((row) => Object.keys(row as object)))];
    expect(columns).toContain("steps");
    const csv = tmp.path("header.csv");
    await writeRows(example("support-canonical.jsonl"), csv);
    expect(readFileSync(csv, "utf8").split("\n")[0]).toBe(columns.join(","));
    const tsv = tmp.path("header.tsv");
    await writeRows(example("support-canonical.jsonl"), tsv);
    expect(readFileSync(tsv, "utf8").split("\n")[0]).toBe(columns.join("\t"));
  });

  it.each(EXAMPLE_JSONL)("%s through Parquet and back: the same rows but for nested explicit nulls", async (name) => {
    const file = tmp.path(`${name}.parquet`);
    await writeRows(example(name), file);
    const back = await readBack(file);
    expect(back.format).toBe("parquet");
    // Normalised: a null inside a nested object reads back from Parquet as an absent key (documented).
    expect(back.rows).toEqual((await canonicalRows(example(name))).map((row) => withoutNestedNulls(row)));
  });

  it("the Parquet round trip loses nothing but nested nulls: openai-messages.jsonl has them", async () => {
    // Guards the normalisation above from hiding more than it says: the one example with nested
    // nulls differs only there, and the others need no normalising at all.
    const rows = await canonicalRows(example("openai-messages.jsonl"));
    expect(rows.map((row) => withoutNestedNulls(row))).not.toEqual(rows);
    const file = tmp.path("support-exact.parquet");
    await writeRows(example("support-canonical.jsonl"), file);
    expect((await readBack(file)).rows).toEqual(await canonicalRows(example("support-canonical.jsonl")));
  });

  it("--out is -o, and .ndjson and a path with no extension are JSON Lines (streamed)", async () => {
    const expected = (await runWai(["rows", example("support-canonical.jsonl")])).stdout;
    const viaOut = tmp.path("via-out.parquet");
    const out = await runWai(["rows", example("support-canonical.jsonl"), "--out", viaOut]);
    expect(out.code).toBe(0);
    expect(out.stderr).toBe(`wai: wrote 80 rows to ${viaOut}\n`);
    expect(readFileSync(viaOut).subarray(0, 4).toString("latin1")).toBe("PAR1");
    for (const name of ["rows.ndjson", "rows.JSONL", "rows"]) {
      const file = tmp.path(name);
      expect((await runWai(["rows", example("support-canonical.jsonl"), "--out", file])).code).toBe(0);
      expect(readFileSync(file, "utf8")).toBe(expected);
    }
  });

  it("-o and --out together are a usage error", async () => {
    const result = await runWai(["rows", example("support-canonical.jsonl"), "-o", tmp.path("a.jsonl"), "--out", tmp.path("b.jsonl")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^wai: option '--out <file>' cannot be used with option '-o, --output <file>'/);
  });

  it("--json says the format written, at the end of the summary", async () => {
    const file = tmp.path("summary.csv");
    const result = await runWai(["rows", example("support-canonical.jsonl"), "-o", file, "--json"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    const summary = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(summary)).toEqual(["output", "rows", "inputs", "format"]);
    expect(summary).toMatchObject({ output: file, rows: 80, format: "csv" });
    const jsonl = JSON.parse((await runWai(["rows", example("support-canonical.jsonl"), "-o", tmp.path("summary.jsonl"), "--json"])).stdout) as Record<string, unknown>;
    expect(jsonl.format).toBe("jsonl");
  });

  it("several inputs of different formats go into one Parquet file, in order", async () => {
    const file = tmp.path("mixed.parquet");
    await writeRows(example("otel/genai.otlp.pb"), file, [example("support-canonical.jsonl")]);
    const back = await readBack(file);
    const expected = [...(await canonicalRows(example("otel/genai.otlp.pb"))), ...(await canonicalRows(example("support-canonical.jsonl")))];
    expect(back.rows).toEqual(expected.map((row) => withoutNestedNulls(row)));
  });

  it("stdout stays JSON Lines", async () => {
    const parquet = tmp.path("to-stdout.parquet");
    await writeRows(example("support-canonical.jsonl"), parquet);
    const result = await runWai(["rows", parquet, "-o", "-"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(jsonLines(result.stdout)).toEqual(await canonicalRows(example("support-canonical.jsonl")));
  });

  it("an unknown extension is a usage error naming it and the formats, before anything is read or written", async () => {
    const file = tmp.path("rows.xlsx");
    for (const extra of [[], ["--json"]]) {
      const result = await runWai(["rows", "no/such/input.jsonl", "-o", file, ...extra]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toBe(`wai: -o ${file}: cannot write rows as ".xlsx"; the extension names the format: .jsonl or .ndjson (JSON Lines), .parquet, .csv or .tsv\n`);
    }
    expect(existsSync(file)).toBe(false);
    expect((await runWai(["rows", example("support-canonical.jsonl"), "--out", tmp.path("rows.jsonl.gz")])).stderr).toContain('cannot write rows as ".gz"');
  });

  it("no rows cannot make a Parquet file (exit 1, nothing written); CSV of no rows is an empty file", async () => {
    const empty = tmp.path("empty.jsonl");
    writeFileSync(empty, "\n");
    const parquet = tmp.path("none.parquet");
    const result = await runWai(["rows", empty, "-o", parquet]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`wai: cannot write ${parquet}: no rows were read, and a Parquet file needs at least one row to type its columns\n`);
    expect(existsSync(parquet)).toBe(false);
    const csv = tmp.path("none.csv");
    const written = await runWai(["rows", empty, "-o", csv]);
    expect(written.code).toBe(0);
    expect(written.stderr).toBe(`wai: ${empty}: empty, no rows\nwai: wrote 0 rows to ${csv}\n`);
    expect(readFileSync(csv, "utf8")).toBe("");
  });

  it("an unwritable Parquet path is exit 1 naming it", async () => {
    const file = tmp.path("no/such/dir/rows.parquet");
    const result = await runWai(["rows", example("support-canonical.jsonl"), "-o", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^wai: cannot write .*no\/such\/dir\/rows\.parquet: ENOENT/);
  });
});

describe("every command that writes rows writes the format the path's extension names", () => {
  const magic = (file: string) => readFileSync(file).subarray(0, 4).toString("latin1");

  it("wai split --train x.parquet --holdout y.csv: both parts read back as the rows JSON Lines parts hold", async () => {
    const file = example("support-canonical.jsonl");
    const args = ["split", file, "--fraction", "0.2", "--seed", "3"];
    const jsonl = await runWai([...args, "--train", tmp.path("s-train.jsonl"), "--holdout", tmp.path("s-hold.jsonl")]);
    expect(jsonl.code).toBe(0);
    const tables = await runWai([...args, "--train", tmp.path("s-train.parquet"), "--holdout", tmp.path("s-hold.csv")]);
    expect(tables.code).toBe(0);
    expect(magic(tmp.path("s-train.parquet"))).toBe("PAR1");
    expect(await canonicalRows(tmp.path("s-train.parquet"))).toEqual(await canonicalRows(tmp.path("s-train.jsonl")));
    expect(await canonicalRows(tmp.path("s-hold.csv"))).toEqual(await canonicalRows(tmp.path("s-hold.jsonl")));
  });

  it("wai flaws -o x.parquet and wai leak --drop-to x.tsv", async () => {
    const file = example("support-canonical.jsonl");
    expect((await runWai(["flaws", file, "-o", tmp.path("f.jsonl")])).code).toBe(0);
    expect((await runWai(["flaws", file, "-o", tmp.path("f.parquet")])).code).toBe(0);
    expect(magic(tmp.path("f.parquet"))).toBe("PAR1");
    expect(await canonicalRows(tmp.path("f.parquet"))).toEqual(await canonicalRows(tmp.path("f.jsonl")));
    const leak = ["leak", "--generated", example("generated/simulated-support.jsonl"), "--sources", file];
    expect((await runWai([...leak, "--drop-to", tmp.path("clean.jsonl")])).code).toBe(0);
    expect((await runWai([...leak, "--drop-to", tmp.path("clean.tsv")])).code).toBe(0);
    expect(await canonicalRows(tmp.path("clean.tsv"))).toEqual(await canonicalRows(tmp.path("clean.jsonl")));
  });

  it("an unknown extension is a usage error naming the flag, before anything is read", async () => {
    const result = await runWai(["split", example("support-canonical.jsonl"), "--train", tmp.path("t.xlsx"), "--holdout", tmp.path("h.jsonl")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--train ${tmp.path("t.xlsx")}: cannot write rows as ".xlsx"`);
    expect(existsSync(tmp.path("h.jsonl"))).toBe(false);
    const leak = await runWai(["leak", "--generated", example("support-canonical.jsonl"), "--sources", example("support-canonical.jsonl"), "--drop-to", tmp.path("c.json")]);
    expect(leak.code).toBe(2);
    expect(leak.stderr).toContain('--drop-to');
  });
});
