import { readFileSync } from "node:fs";
import { parquetMetadata, parquetSchema } from "hyparquet";
import { describe, expect, it } from "vitest";
import { withoutNestedNulls } from "../testing/nested-nulls.js";
import { encodeRows, readTraces, rowFileFormat } from "../index.js";

const example = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(`../../../../examples/${name}`, import.meta.url)));
const EXAMPLES = ["support-canonical.jsonl", "openai-messages.jsonl", "anthropic-blocks.jsonl", "coding-tool-trace.jsonl", "graded-by-score.jsonl", "generated/simulated-support.jsonl"];

describe("rows written as Parquet", () => {
  it.each(EXAMPLES)("read back as the same rows, raw and canonical: %s", async (name) => {
    const raw = (await readTraces(example(name), { raw: true })).rows;
    const canonical = (await readTraces(example(name))).rows;
    const bytes = await encodeRows(raw, "parquet");
    const back = await readTraces(bytes, { raw: true });
    expect(back.report).toMatchObject({ format: "parquet", records: raw.length });
    expect(back.rows).toEqual(raw.map((row) => withoutNestedNulls(row)));
    expect((await readTraces(bytes)).rows).toEqual(canonical.map((row) => withoutNestedNulls(row)));
  });

  it("makes steps a LIST of STRUCT with a field per step key, and a varying shape JSON text", async () => {
    const rows = [
      { prompt: "a", steps: [{ user: "a" }, { tool: "t", arguments: { id: 1 }, result: "ok" }], n: 1 },
      { prompt: "b", steps: [{ text: "b" }, { tool: "t", arguments: { id: 2.5 }, result: { rows: [1] } }], n: 2 },
    ];
    const bytes = await encodeRows(rows, "parquet");
    const metadata = parquetMetadata(bytes.buffer as ArrayBuffer);
    const steps = parquetSchema(metadata).children.find((c) => c.element.name === "steps")!;
    expect(steps.element.converted_type).toBe("LIST");
    const element = steps.children[0].children[0];
    expect(element.children.map((c) => c.element.name)).toEqual(["user", "tool", "arguments", "result", "text"]);
    const field = (name: string) => element.children.find((c) => c.element.name === name)!;
    expect(field("arguments").children.map((c) => [c.element.name, c.element.type])).toEqual([["id", "DOUBLE"]]);
    expect(field("result").element.converted_type).toBe("JSON");
    expect(parquetSchema(metadata).children.find((c) => c.element.name === "n")!.element.type).toBe("INT64");
    expect((await readTraces(bytes, { raw: true })).rows).toEqual(rows);
  });

  it("tells the format from the extension, and refuses no rows", async () => {
    expect([rowFileFormat("a/rows.parquet"), rowFileFormat("x.CSV"), rowFileFormat("x.ndjson"), rowFileFormat("x.tsv"), rowFileFormat("x.xlsx"), rowFileFormat("x")]).toEqual(["parquet", "csv", "jsonl", "tsv", undefined, undefined]);
    await expect(encodeRows([], "parquet")).rejects.toThrow(/no rows/);
    expect(new TextDecoder().decode(await encodeRows([], "csv"))).toBe("");
    for (const format of ["parquet", "csv", "jsonl"] as const) {
      await expect(encodeRows([{ prompt: "a" }, { prompt: "b", n: 1n }], format)).rejects.toThrow(/^encodeRows: row 1\b.*not JSON/);
    }
  });

  it("writes CSV and TSV that read back to the rows, but for text that reads as a number (CSV has no types)", async () => {
    const raw = (await readTraces(example("support-canonical.jsonl"), { raw: true })).rows;
    // This example stores some labels as the text "1", which a CSV column of numbers reads as 1.
    const numeric = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v]));
    for (const format of ["csv", "tsv"] as const) {
      const back = await readTraces(await encodeRows(raw, format), { raw: true });
      expect(back.report.format).toBe(format);
      expect(back.rows).toEqual(raw.map(numeric));
    }
  });
});
