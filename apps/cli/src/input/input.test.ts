import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { example, jsonLines, runWai, tempDir } from "../testing/run-wai.js";

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** `wai rows <file> -o out --json`: the rows written and what the input report says. */
async function rowsOf(file: string, extra: string[] = []): Promise<{ rows: unknown[]; input: Record<string, unknown> }> {
  const out = tmp.path(`out-${Math.random().toString(36).slice(2)}.jsonl`);
  const result = await runWai(["rows", file, "-o", out, "--json", ...extra]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const summary = JSON.parse(result.stdout) as { rows: number; inputs: Record<string, unknown>[] };
  const rows = jsonLines(readFileSync(out, "utf8"));
  expect(summary.rows).toBe(rows.length);
  return { rows, input: summary.inputs[0] };
}

describe("format detection", () => {
  it.each([
    ["support-canonical.jsonl", "rows-jsonl", 80],
    ["coding-tool-trace.jsonl", "rows-jsonl", 60],
    ["openai-messages.jsonl", "messages-jsonl", 70],
    ["anthropic-blocks.jsonl", "messages-jsonl", 50],
  ])("reads %s as %s", async (name, format, rows) => {
    const { rows: got, input } = await rowsOf(example(name));
    expect(input.format).toBe(format);
    expect(input.gzip).toBe(false);
    expect(got).toHaveLength(rows);
  });

  it("counts the rows the loader drops, and why", async () => {
    const { input } = await rowsOf(example("openai-messages.jsonl"));
    expect(input).toEqual({
      input: example("openai-messages.jsonl"),
      format: "messages-jsonl",
      gzip: false,
      rows: 70,
      records: 72,
      dropped: { invalid_lines: 0, not_object: 0, no_signal: 2, left_out: 0, unreadable: 0 },
      half_read: 0,
      reasons: { "neither a prompt nor a step": 2 },
      problems: [
        { kind: "dropped", reason: "neither a prompt nor a step", line: 18 },
        { kind: "dropped", reason: "neither a prompt nor a step", line: 53 },
      ],
      invalid_lines: [],
    });
    const text = await runWai(["rows", example("openai-messages.jsonl"), "-o", tmp.path("m.jsonl")]);
    expect(text.stderr).toContain("openai-messages.jsonl: dropped 2 rows with neither a prompt nor a step (lines 18, 53); kept 70 rows");
  });

  it.each([
    ["otel/genai.otlp.json", "otlp-json", false],
    ["otel/genai.otlp.pb", "otlp-protobuf", false],
    ["otel/genai.otlp.jsonl.gz", "otlp-jsonl", true],
    ["otel/events.otlp.json", "otlp-json", false],
    ["otel/openinference.otlp.json", "otlp-json", false],
    ["otel/openllmetry.otlp.json", "otlp-json", false],
  ])("reads %s as %s and gives the rows rowsFromOtel gives", async (name, format, gzip) => {
    const { rows, input } = await rowsOf(example(name));
    expect(input.format).toBe(format);
    expect(input.gzip).toBe(gzip);
    const expected = jsonLines(readFileSync(example(`otel/${name.split("/")[1].split(".")[0]}.rows.jsonl`), "utf8"));
    expect(rows).toEqual(expected);
  });

  it("tells formats by content, not by name", async () => {
    const disguised = tmp.path("traces.txt");
    writeFileSync(disguised, gzipSync(readFileSync(example("otel/genai.otlp.pb"))));
    const { input, rows } = await rowsOf(disguised);
    expect(input).toMatchObject({ format: "otlp-protobuf", gzip: true, rows: 1 });
    expect(rows).toHaveLength(1);
  });

  it("reads a gzipped row JSONL file", async () => {
    const file = tmp.path("rows.jsonl.gz");
    writeFileSync(file, gzipSync(readFileSync(example("support-canonical.jsonl"))));
    const { input, rows } = await rowsOf(file);
    expect(input).toMatchObject({ format: "rows-jsonl", gzip: true, rows: 80 });
    expect(rows).toHaveLength(80);
  });

  it("reads a pretty-printed JSON array of rows, and a single row object", async () => {
    const rows = jsonLines(readFileSync(example("support-canonical.jsonl"), "utf8")).slice(0, 3);
    const array = tmp.path("rows.json");
    writeFileSync(array, JSON.stringify(rows, null, 2));
    expect((await rowsOf(array)).input).toMatchObject({ format: "rows-json", rows: 3 });
    const one = tmp.path("row.json");
    writeFileSync(one, JSON.stringify(rows[0], null, 2));
    expect((await rowsOf(one)).input).toMatchObject({ format: "rows-json", rows: 1 });
  });

  it("reads CRLF line ends and a byte-order mark", async () => {
    const file = tmp.path("windows.jsonl");
    const lines = readFileSync(example("support-canonical.jsonl"), "utf8").trim().split("\n").slice(0, 4);
    writeFileSync(file, `\ufeff${lines.join("\r\n")}\r\n`);
    expect((await rowsOf(file)).rows).toHaveLength(4);
  });

  it("reads JSON Lines after a long run of blank lines", async () => {
    const file = tmp.path("blank-start.jsonl");
    writeFileSync(file, "\n".repeat(200) + readFileSync(example("support-canonical.jsonl"), "utf8"));
    expect((await rowsOf(file)).input).toMatchObject({ format: "rows-jsonl", rows: 80 });
  });

  it("reads an empty file as no rows and says so", async () => {
    const file = tmp.path("empty.jsonl");
    writeFileSync(file, "\n\n");
    const result = await runWai(["rows", file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("empty.jsonl: empty, no rows");
  });
});

describe("stdin", () => {
  it("reads - and piped stdin with no file, in any format", async () => {
    const jsonl = readFileSync(example("support-canonical.jsonl"));
    const dash = await runWai(["rows", "-"], { input: jsonl });
    expect(dash.code).toBe(0);
    expect(jsonLines(dash.stdout)).toHaveLength(80);
    const none = await runWai(["rows"], { input: gzipSync(readFileSync(example("otel/genai.otlp.pb"))) });
    expect(none.code).toBe(0);
    expect(jsonLines(none.stdout)).toEqual(jsonLines(readFileSync(example("otel/genai.rows.jsonl"), "utf8")));
  });

  it("names stdin in errors", async () => {
    const result = await runWai(["rows", "-"], { input: '{"prompt": "a"}\n{oops\n' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^wai: stdin:2:2: invalid JSON \(Expected property name or '\}'\)\n$/);
  });

  it("refuses stdin twice", async () => {
    const result = await runWai(["rows", "-", "-"], { input: "" });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("stdin (-) can be read only once");
  });
});

describe("bad input", () => {
  it("stops at a line that is not JSON, naming the file and line (exit 1)", async () => {
    const file = tmp.path("bad.jsonl");
    writeFileSync(file, '{"prompt": "a", "steps": []}\n\n{"prompt": "b"\n{"prompt": "c"}\n');
    const result = await runWai(["rows", file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toBe(`wai: ${file}:3:15: invalid JSON (Expected ',' or '}' after property value)\n`);
  });

  it("names the line and column of a bad JSON document", async () => {
    const rows = tmp.path("bad-array.json");
    writeFileSync(rows, '[\n  {"prompt": "a"},\n  {oops}\n]\n');
    const result = await runWai(["rows", rows]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`wai: ${rows}:3:4: invalid JSON (Expected property name or '}')\n`);
    const otlp = tmp.path("bad.otlp.json");
    writeFileSync(otlp, '{"resourceSpans": [\n {oops}\n]}\n');
    const decoded = await runWai(["rows", otlp]);
    expect(decoded.code).toBe(1);
    expect(decoded.stderr).toBe(`wai: ${otlp}:2:3: invalid JSON (Expected property name or '}')\n`);
  });

  it("--skip-bad-lines skips them, counts them and lists their numbers", async () => {
    const file = tmp.path("bad2.jsonl");
    writeFileSync(file, '{"prompt": "a"}\nnot json\n{"prompt": "b"}\n[1, 2\n7\n');
    const { rows, input } = await rowsOf(file, ["--skip-bad-lines"]);
    expect(rows).toHaveLength(2);
    expect(input.dropped).toEqual({ invalid_lines: 2, not_object: 1, no_signal: 0, left_out: 0, unreadable: 0 });
    expect(input.invalid_lines).toEqual([2, 4]);
    const text = await runWai(["rows", file, "--skip-bad-lines"]);
    expect(text.code).toBe(0);
    expect(text.stderr).toContain("bad2.jsonl: dropped 2 lines not JSON (lines 2, 4), 1 value not a JSON object (line 5); kept 2 rows");
  });

  it("names a bad OTLP JSON Lines line", async () => {
    const file = tmp.path("bad.otlp.jsonl");
    const line = JSON.stringify({ resourceSpans: [] });
    writeFileSync(file, `${line}\n${line}\n{"resourceSpans": [\n`);
    const result = await runWai(["rows", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`wai: ${file}:3:20: invalid JSON (Unexpected end of JSON input)\n`);
  });

  it("a missing file is exit 1 with its name", async () => {
    const result = await runWai(["rows", "no/such/file.jsonl"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("wai: no/such/file.jsonl: no such file\n");
  });

  it("text that is not JSON is exit 1 naming the file and line", async () => {
    const file = tmp.path("notes.txt");
    writeFileSync(file, "\nhello there\n");
    const result = await runWai(["rows", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${file}:2: not JSON, JSON Lines, CSV, Parquet, Arrow or OTLP protobuf`);
  });

  it("binary that is not OTLP protobuf is exit 1 naming the file", async () => {
    const file = tmp.path("junk.bin");
    writeFileSync(file, Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02]));
    const result = await runWai(["rows", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`wai: ${file}: not JSON text, and not OTLP protobuf either`);
  });

  it("broken gzip is exit 1 naming the file", async () => {
    const file = tmp.path("cut.jsonl.gz");
    const whole = gzipSync(readFileSync(example("support-canonical.jsonl")));
    writeFileSync(file, whole.subarray(0, whole.length / 2));
    const result = await runWai(["rows", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^wai: ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: `));
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});
