// Tables written by other tools (DuckDB, apache-arrow, flechette, hyparquet-writer: see
// fixtures/tabular/SOURCE.md) read through the front door as the JSON Lines they came from.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withoutNestedNulls } from "../testing/nested-nulls.js";
import { describeLosses, encodeRows, readTraces, type RandomAccessBytes, type TraceBytes, TraceReadError } from "../index.js";

const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(`../../../../fixtures/tabular/${name}`, import.meta.url)));
const example = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(`../../../../examples/${name}`, import.meta.url)));

const supportRows = (await readTraces(example("support-canonical.jsonl"))).rows;
const messageRows = (await readTraces(example("openai-messages.jsonl"))).rows;

async function failure(source: TraceBytes, options = {}): Promise<string> {
  const error = await readTraces(source, { name: "t", ...options }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(TraceReadError.isInstance(error)).toBe(true);
  return (error as Error).message;
}

describe("Parquet", () => {
  it.each(["snappy", "gzip", "zstd", "brotli", "lz4", "uncompressed"])("reads DuckDB's %s Parquet as the JSON Lines rows", async (codec) => {
    const { rows, report } = await readTraces(fixture(`support-${codec}.parquet`));
    expect(report).toMatchObject({ format: "parquet", records: 12, rows: 12 });
    expect(rows).toEqual(supportRows.slice(0, 12));
  });

  it("reads a nested messages column into the rows OpenAI transcripts give", async () => {
    const { rows } = await readTraces(fixture("messages.parquet"));
    // DuckDB typed the created_at text as a TIMESTAMP without a zone: it reads back as a local time.
    const expected = messageRows.slice(0, 12).map((row) => ({ ...(withoutNestedNulls(row) as object), created_at: String(row.created_at).replace("Z", ".000") }));
    expect(rows).toEqual(expected);
  });

  it.each(["types.parquet", "types-hyparquet.parquet"])("maps column types as a user expects: %s", async (name) => {
    const { rows, report } = await readTraces(fixture(name), { raw: true });
    expect(rows).toEqual([
      {
        id: 1,
        int_small: 42,
        int_big: "9007199254740993",
        decimal_big: "12345678901234567890123456789012345678",
        price: 19.99,
        ratio: 0.1,
        flag: true,
        ts: "2026-11-30T12:34:56.789",
        ts_tz: "2026-11-30T12:34:56.789Z",
        day: "2026-11-30",
        bytes: "3q2+7w==",
        prompt: 'Where is order A-12345?\nIt said "2–3 days" — ça fait une semaine. 📦',
      },
      { id: 2 },
    ]);
    expect(report.records).toBe(2);
  });

  it("reads DuckDB's row groups in order", async () => {
    expect((await readTraces(fixture("support-row-groups.parquet"))).rows).toEqual(supportRows.slice(0, 12));
  });

  it("reads one row group at a time at offsets, never the whole file at once", async () => {
    // Text that does not compress away (seeded), so the file is much larger than hyparquet's 512 KiB footer read.
    let state = 11;
    const noise = (): string => Array.from({ length: 12 }, () => ((state = (state * 1664525 + 1013904223) >>> 0) >>> 0).toString(36)).join(" ");
    const many = Array.from({ length: 25_000 }, (_, i) => ({ prompt: `ask ${i} ${noise()}`, steps: [{ user: `ask ${i}` }, { text: `answer ${noise()}` }] }));
    const bytes = await encodeRows(many, "parquet");
    let largest = 0;
    const file: RandomAccessBytes = {
      byteLength: bytes.length,
      slice(start, end = bytes.length) {
        largest = Math.max(largest, end - start);
        return bytes.slice(start, end).buffer;
      },
    };
    const { rows } = await readTraces(file, { raw: true });
    expect(rows).toEqual(many);
    // Row groups of 1,000 then 10,000 rows: no read is near the whole file.
    expect(largest).toBeLessThan(bytes.length / 2);
  });

  it("reads the same from a Blob, a stream, gzip (the stream held whole) and a Node Buffer", async () => {
    const bytes = fixture("support-zstd.parquet");
    const gzip = new Uint8Array(await new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
    // A Node Buffer from readFileSync shares a pool: it must read as its own bytes only.
    const pooled = readFileSync(new URL("../../../../fixtures/tabular/support-zstd.parquet", import.meta.url));
    for (const source of [new Blob([bytes as BlobPart]), new Blob([bytes as BlobPart]).stream(), [bytes.subarray(0, 100), bytes.subarray(100)], gzip, pooled, bytes.subarray(0)]) {
      const { rows, report } = await readTraces(source);
      expect(rows).toEqual(supportRows.slice(0, 12));
      expect(report.format).toBe("parquet");
    }
  });

  it("names a file that is cut short or has a wrong magic number", async () => {
    const cut = "t: not a readable Parquet file: it opens as Parquet but does not end with the Parquet footer (PAR1); it may be cut short";
    expect(await failure(fixture("truncated.parquet"))).toBe(cut);
    expect(await failure(fixture("bad-magic.parquet"))).toBe(cut);
  });

  it("names the row group of an unknown codec; skipping counts its rows", async () => {
    expect(await failure(fixture("unknown-codec.parquet"))).toBe("t: row group 1 of 1 (rows 1-3): unsupported compression codec: LZO");
    const { rows, report } = await readTraces(fixture("unknown-codec.parquet"), { name: "t", onInvalid: "skip" });
    expect(rows).toEqual([]);
    expect(report.dropped.unreadable).toBe(3);
    expect(describeLosses(report)).toBe("t: dropped 3 rows in Parquet row groups that do not decode (row group 1 of 1 (rows 1-3)); kept 0 rows");
  });
});

describe("Arrow IPC", () => {
  it.each(["support.arrow", "support.arrows", "support-lz4-flechette.arrow", "support-zstd-flechette.arrow", "support-lz4.arrow", "support-zstd.arrow"])(
    "reads %s (file, stream, LZ4 and zstd buffers) as the JSON Lines rows",
    async (name) => {
      const { rows, report } = await readTraces(fixture(name));
      expect(report.format).toBe(name.endsWith(".arrows") ? "arrow-stream" : "arrow-file");
      expect(rows).toEqual(supportRows.slice(0, 12));
    },
  );

  it("names a file that is cut short", async () => {
    expect(await failure(fixture("truncated.arrow"))).toBe("t: not a readable Arrow IPC file: it opens as Arrow but does not end with the Arrow footer (ARROW1); it may be cut short");
    const stream = fixture("support.arrows");
    expect(await failure(stream.subarray(0, stream.length / 2))).toMatch(/^t: not a readable Arrow IPC file or stream: /);
  });
});

describe("CSV and TSV by DuckDB", () => {
  it.each(["support.csv", "support.tsv"])("reads %s: JSON text columns decoded, an embedded newline kept", async (name) => {
    const { rows, report } = await readTraces(fixture(name), { raw: true });
    expect(report.format).toBe(name.endsWith(".tsv") ? "tsv" : "csv");
    expect(rows.length).toBe(13);
    expect((await readTraces(fixture(name))).rows.slice(0, 12)).toEqual(supportRows.slice(0, 12));
    expect(String(rows[12].prompt)).toContain("\n");
  });

  it("reads a messages column of JSON text into transcript rows", async () => {
    // DuckDB writes its TIMESTAMP (typed from the created_at text) as `2024-11-06 09:43:51`.
    const expected = messageRows.slice(0, 12).map((row) => ({ ...(withoutNestedNulls(row) as object), created_at: String(row.created_at).replace("T", " ").replace("Z", "") }));
    expect((await readTraces(fixture("messages.csv"))).rows).toEqual(expected);
  });

  it("names the ragged line, and skipping counts it", async () => {
    expect(await failure(fixture("ragged.csv"))).toBe("t:4: 5 fields where the header has 4");
    const { report } = await readTraces(fixture("ragged.csv"), { name: "t", onInvalid: "skip", raw: true });
    expect(report).toMatchObject({ records: 6, dropped: { unreadable: 1 } });
  });
});

describe("the bundled examples as tables", () => {
  it.each(["support-canonical.parquet", "support-canonical.csv", "support-canonical.arrow"])("%s reads as examples/support-canonical.jsonl", async (name) => {
    const { rows, report } = await readTraces(example(`tabular/${name}`));
    expect(rows).toEqual(supportRows);
    expect(describeLosses(report)).toBeNull();
  });
});
