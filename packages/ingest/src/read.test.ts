import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { rowsFromOtel } from "@whileai/otel";
import { loadTraces } from "@whileai/traces";
import { describe, expect, it } from "vitest";
import { detectFormat, describeLosses, readTraces, streamTraces, TraceReadError } from "./index.js";

const example = (name: string): Uint8Array<ArrayBuffer> => new Uint8Array(readFileSync(new URL(`../../../examples/${name}`, import.meta.url)));
const text = (value: string): Uint8Array => new TextEncoder().encode(value);
const lines = (...values: unknown[]): Uint8Array => text(values.map((v) => JSON.stringify(v)).join("\n") + "\n");

async function fails(source: Uint8Array, options = {}): Promise<string> {
  const error = await readTraces(source, { name: "f", ...options }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(TraceReadError.isInstance(error)).toBe(true);
  return (error as Error).message;
}

describe("detectFormat", () => {
  it("tells every format from content alone", () => {
    expect(detectFormat(example("support-canonical.jsonl"))).toBe("rows-jsonl");
    expect(detectFormat(example("openai-messages.jsonl"))).toBe("messages-jsonl");
    expect(detectFormat(example("otel/genai.otlp.json"))).toBe("otlp-json");
    expect(detectFormat(example("otel/genai.otlp.pb"))).toBe("otlp-protobuf");
    expect(detectFormat(example("otel/genai.otlp.jsonl.gz"))).toBe("gzip");
    expect(detectFormat('[{"prompt": "a"}]')).toBe("rows-json");
    expect(detectFormat('{"resourceSpans": []}\n{"resourceSpans": []}\n')).toBe("otlp-jsonl");
    expect(detectFormat('{"traceId": "ab", "spanId": "cd", "name": "chat"}\n')).toBe("spans-jsonl");
    expect(detectFormat(" \n\r\n")).toBe("empty");
    expect(detectFormat(new Uint8Array(0))).toBe("empty");
    expect(detectFormat("# a README\n")).toBe("unknown");
    expect(detectFormat(example("tabular/support-canonical.parquet"))).toBe("parquet");
    expect(detectFormat(example("tabular/support-canonical.arrow"))).toBe("arrow-file");
    expect(detectFormat(example("tabular/support-canonical.csv"))).toBe("csv");
    expect(detectFormat("prompt\treward\nhi\t1\n")).toBe("tsv");
  });

  it("says `json` for the head of a document too short to parse", () => {
    expect(detectFormat('[\n  {"prompt": "a",')).toBe("json");
  });
});

describe("readTraces", () => {
  it("gives what loadTraces gives for row JSON Lines, and what rowsFromOtel gives for OTLP", async () => {
    const jsonl = example("support-canonical.jsonl");
    const values = new TextDecoder().decode(jsonl).split("\n").filter(Boolean).map((line) => JSON.parse(line) as unknown);
    const read = await readTraces(jsonl);
    expect(read.rows).toEqual(loadTraces(values));
    expect(read.report).toMatchObject({ format: "rows-jsonl", records: 80, rows: 80, gzip: false });
    const otlp = example("otel/genai.otlp.json");
    const fromOtel = await readTraces(otlp);
    expect(fromOtel.rows).toEqual(loadTraces(rowsFromOtel(JSON.parse(new TextDecoder().decode(otlp)))));
    expect(fromOtel.report.format).toBe("otlp-json");
  });

  it("reads LF, CRLF and bare-CR files alike, with the same line numbers", async () => {
    const body = '{"prompt": "a"}\n\n7\n{"prompt": "b"}\n';
    const reads = await Promise.all(["\n", "\r\n", "\r"].map((eol) => readTraces(text(body.replaceAll("\n", eol)))));
    for (const { rows, report } of reads) {
      expect(rows.map((r) => r.prompt)).toEqual(["a", "b"]);
      expect(report.problems).toEqual([{ kind: "dropped", reason: "not a JSON object", line: 3 }]);
    }
  });

  it("reads every kind of byte source the same, however the chunks fall", async () => {
    const bytes = example("anthropic-blocks.jsonl");
    const expected = (await readTraces(bytes)).rows;
    const oneByteChunks = (function* () {
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    })();
    const sources = [bytes.slice().buffer, new Blob([bytes]), new Blob([bytes]).stream(), oneByteChunks];
    for (const source of sources) expect((await readTraces(source)).rows).toEqual(expected);
  });

  it("inflates gzip by its magic bytes and says so", async () => {
    const { rows, report } = await readTraces(gzipSync(example("support-canonical.jsonl")));
    expect(rows).toHaveLength(80);
    expect(report).toMatchObject({ gzip: true, format: "rows-jsonl" });
    expect(await fails(gzipSync(gzipSync(text('{"prompt": "a"}'))))).toBe("f: gzip inside gzip; inflate it once first");
    expect(await fails(gzipSync(example("support-canonical.jsonl")), { maxInflatedBytes: 1000 })).toBe("f: gzip: inflates past the 1000-byte limit");
    const cut = gzipSync(example("support-canonical.jsonl")).subarray(0, 200);
    expect(await fails(cut)).toMatch(/^f: gzip: cannot inflate \(/);
  });

  it("names the line and column of a bad line, or skips and lists it", async () => {
    const bad = text('{"prompt": "a"}\n{"prompt": "x" "y"}\n{"prompt": "b"}\n');
    expect(await fails(bad)).toBe("f:2:16: invalid JSON (Expected ',' or '}' after property value)");
    const { rows, report } = await readTraces(bad, { name: "f", onInvalid: "skip" });
    expect(rows).toHaveLength(2);
    expect(report.dropped.invalid_lines).toBe(1);
    expect(report.invalid_lines).toEqual([2]);
    expect(describeLosses(report)).toBe("f: dropped 1 line not JSON (line 2); kept 2 rows");
    expect(await fails(new Uint8Array([...text('{"prompt": "a"}\n'), 0xff, 0xfe, 0x7b, 0x7d, 0x0a]))).toBe("f:2: not valid UTF-8 text");
    expect(await fails(text("# notes\n"))).toBe('f:1: not JSON, JSON Lines, CSV, Parquet, Arrow or OTLP protobuf (the line starts with "# notes")');
  });

  it("skips a bad first line of JSON Lines like any other", async () => {
    const bad = text('{"prompt": "x" "y"}\n{"prompt": "a"}\n');
    expect(await fails(bad)).toBe("f:1:16: invalid JSON (Expected ',' or '}' after property value)");
    const { rows, report } = await readTraces(bad, { name: "f", onInvalid: "skip" });
    expect(rows.map((r) => r.prompt)).toEqual(["a"]);
    expect(report.invalid_lines).toEqual([1]);
  });

  it("names the line and column in a bad JSON document", async () => {
    expect(await fails(text('[\n  {"prompt": "a"},\n  {oops}\n]\n'))).toBe("f:3:4: invalid JSON (Expected property name or '}')");
    expect(await fails(text('{"resourceSpans": [\n {oops}\n]}\n'))).toBe("f:2:3: invalid JSON (Expected property name or '}')");
  });

  it("lists the rows it drops by line, or by record in a JSON document", async () => {
    const { report } = await readTraces(lines({ prompt: "a" }, [1], { id: 3 }), { name: "f" });
    expect(report.dropped).toEqual({ invalid_lines: 0, not_object: 1, no_signal: 1, left_out: 0, unreadable: 0 });
    expect(describeLosses(report)).toBe("f: dropped 1 value not a JSON object (line 2), 1 row with neither a prompt nor a step (line 3); kept 1 row");
    const array = await readTraces(text(JSON.stringify([{ prompt: "a" }, { id: 2 }])), { name: "g" });
    expect(array.report.problems).toEqual([{ kind: "dropped", reason: "neither a prompt nor a step", record: 2 }]);
    expect(array.report.format).toBe("rows-json");
  });

  it("streams row JSON Lines to the sink in order, in bounded batches", async () => {
    const many = lines(...Array.from({ length: 2500 }, (_, i) => ({ prompt: `p${i}` })));
    const batches: string[][] = [];
    const report = await streamTraces(many, {}, (rows) => {
      batches.push(rows.map((r) => r.prompt));
    });
    expect(batches.map((b) => b.length)).toEqual([1024, 1024, 452]);
    expect(batches.flat()).toEqual(Array.from({ length: 2500 }, (_, i) => `p${i}`));
    expect(report.rows).toBe(2500);
  });

  it("gives raw values with raw: true, dropped ones included, and still counts", async () => {
    const { rows, report } = await readTraces(lines({ prompt: "a", score: 0.4 }, { id: 1 }), { raw: true });
    expect(rows).toEqual([{ prompt: "a", score: 0.4 }, { id: 1 }]);
    expect(report.rows).toBe(1);
  });

  it("says an empty source is empty", async () => {
    const { rows, report } = await readTraces(text("\n \n"), { name: "e" });
    expect(rows).toEqual([]);
    expect(describeLosses(report)).toBe("e: empty, no rows");
  });

  it("reads spans given one a line", async () => {
    const span = (id: string, start: number, attributes: Record<string, unknown>) => ({ traceId: "t1", spanId: id, startTimeUnixNano: String(start), attributes });
    const { rows, report } = await readTraces(
      lines(span("a", 1, { "gen_ai.input.messages": JSON.stringify([{ role: "user", content: "hi" }]) }), span("b", 2, { "gen_ai.output.messages": JSON.stringify([{ role: "assistant", content: "hello" }]) })),
    );
    expect(report.format).toBe("spans-jsonl");
    expect(rows).toMatchObject([{ prompt: "hi", final_text: "hello", conversation_id: "t1" }]);
  });
});

describe("a record family in a JSON document", () => {
  it("places a record's problem by its place in the document, not by a line", async () => {
    const items = [
      { type: "message", role: "user", content: [{ type: "input_text", text: "Find flights to Oslo" }] },
      { type: "web_search_call", id: "ws_1", status: "completed" },
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Here are three." }] },
    ];
    const { rows, report } = await readTraces(text(JSON.stringify(items, null, 2)), { name: "log.json" });
    expect(report.format).toBe("openai-responses");
    expect(rows).toMatchObject([{ prompt: "Find flights to Oslo", final_text: "Here are three." }]);
    expect(report.problems).toEqual([expect.objectContaining({ kind: "dropped", record: 2 })]);
    expect(report.problems[0]).not.toHaveProperty("line");
  });
});
