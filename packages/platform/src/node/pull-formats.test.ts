/**
 * The Node `pull` to a `.parquet`, `.csv` or `.tsv` path writes the rows in that format (through
 * `@whileai/ingest`), against a real HTTP server on 127.0.0.1 serving the grant and its parts;
 * every other path keeps Python's bytes.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { encodeRows, readTraces, readTracesFile } from "@whileai/ingest/node";
import { describe, expect, it } from "vitest";
import { PlatformError } from "../platform-error.js";
import { tabularRowFormat } from "../row-format.js";
import type { Reply } from "../testing/recording-server.js";
import { failure, serverSuite } from "../testing/server-suite.js";
import { pull } from "./pull.js";

const suite = serverSuite("whileai-pull-formats-");
const { dir, use } = suite;

// Rows with no explicit null in a nested object (Parquet reads one back as an absent key).
const SUPPORT_JSONL = readFileSync(new URL("../../../../examples/support-canonical.jsonl", import.meta.url), "utf8");
const SUPPORT_LINES = SUPPORT_JSONL.trimEnd().split("\n");
const SUPPORT = SUPPORT_LINES.map((line) => JSON.parse(line) as Record<string, unknown>);

/** Serves a grant of three parts (the rows in two, with the blank edges Python strips, and a blank one); returns the parts' bodies. */
function serveRows(lines: string[]): string[] {
  const half = Math.ceil(lines.length / 2);
  const { url } = suite.server;
  const parts = [`\n${lines.slice(0, half).join("\n")}\n\n`, " \r\n", `${lines.slice(half).join("\r\n")}  `];
  const replies: Reply[] = [{ status: 200, json: { parts: [`${url}/p0`, `${url}/blank`, `${url}/p1`] } }, ...parts.map((text) => ({ status: 200, text }))];
  suite.server.reset(replies);
  return parts;
}

/** What the front door reads of the rows as JSON Lines: what it must read of them in any format. */
async function expectedRows() {
  const { rows } = await readTraces(new TextEncoder().encode(SUPPORT_JSONL));
  expect(rows).toHaveLength(SUPPORT.length);
  return rows;
}

describe("pull to a Parquet, CSV or TSV path", () => {
  it("x.parquet: a Parquet file whose rows read back with readTracesFile as the rows pushed", async () => {
    use();
    const parts = serveRows(SUPPORT_LINES);
    const path = join(dir, "x.parquet");
    const seen: number[] = [];
    expect(await pull("ds", path, { apiKey: "k", onProgress: (p) => seen.push(p.bytes) })).toBe(path);
    expect(suite.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /datasets/ds/download", "GET /p0", "GET /blank", "GET /p1"]);
    const bytes = readFileSync(path);
    expect([bytes.subarray(0, 4).toString(), bytes.subarray(-4).toString()]).toEqual(["PAR1", "PAR1"]);
    // Exactly what @whileai/ingest writes of the rows `pull(datasetId)` returns.
    expect(new Uint8Array(bytes)).toEqual(await encodeRows(SUPPORT, "parquet"));
    const { rows, report } = await readTracesFile(path);
    expect(report.format).toBe("parquet");
    expect(rows).toEqual(await expectedRows());
    // Progress after each part, in bytes fetched, as for any pull.
    const sizes = parts.map((text) => Buffer.byteLength(text));
    expect(seen).toEqual([sizes[0], sizes[0]! + sizes[1]!, sizes[0]! + sizes[1]! + sizes[2]!]);
  });

  it("x.csv and x.TSV: CSV and TSV files whose rows read back as the rows pushed", async () => {
    use();
    for (const [name, format] of [["x.csv", "csv"], ["x.TSV", "tsv"]] as const) {
      serveRows(SUPPORT_LINES);
      const path = join(dir, name);
      await pull("ds", path, { apiKey: "k" });
      expect(new Uint8Array(readFileSync(path))).toEqual(await encodeRows(SUPPORT, format));
      const { rows, report } = await readTracesFile(path);
      expect(report.format).toBe(format);
      expect(rows).toEqual(await expectedRows());
    }
  });

  it("x.jsonl, x.json, x.txt and a path with no extension keep Python's bytes, streamed", async () => {
    use();
    const python = SUPPORT_LINES.slice(0, Math.ceil(SUPPORT_LINES.length / 2)).join("\n") + "\n" + SUPPORT_LINES.slice(Math.ceil(SUPPORT_LINES.length / 2)).join("\r\n") + "\n";
    for (const name of ["x.jsonl", "x.json", "x.txt", "x"]) {
      serveRows(SUPPORT_LINES);
      const path = join(dir, name);
      await pull("ds", path, { apiKey: "k" });
      expect(readFileSync(path, "utf8")).toBe(python);
    }
    expect((await readTracesFile(join(dir, "x.jsonl"))).rows).toEqual(await expectedRows());
  });

  it("a row that is not a JSON object, or no rows for Parquet: a PlatformError naming the dataset, and no file", async () => {
    use();
    serveRows(['{"prompt": "a"}', "[1, 2]"]);
    const notObject = await failure(pull("ds", join(dir, "bad.parquet"), { apiKey: "k" }));
    expect(PlatformError.isInstance(notObject)).toBe(true);
    expect(notObject?.message).toBe(`pull of ds to ${join(dir, "bad.parquet")}: row 1 is not a JSON object (got an array), which parquet cannot hold; pull to a .jsonl path for the rows as they are`);
    expect(existsSync(join(dir, "bad.parquet"))).toBe(false);

    suite.server.reset([{ status: 200, json: { parts: [`${suite.server.url}/p0`] } }, { status: 200, text: " \n " }]);
    const empty = await failure(pull("ds", join(dir, "empty.parquet"), { apiKey: "k" }));
    expect(empty?.message).toMatch(/^pull of ds to .*empty\.parquet: the dataset has no rows, and a Parquet file needs one to type its columns/);
    expect(existsSync(join(dir, "empty.parquet"))).toBe(false);

    // CSV of no rows has no columns: an empty file.
    suite.server.reset([{ status: 200, json: { parts: [`${suite.server.url}/p0`] } }, { status: 200, text: "\n" }]);
    await pull("ds", join(dir, "empty.csv"), { apiKey: "k" });
    expect(readFileSync(join(dir, "empty.csv"), "utf8")).toBe("");
  });

  it("a failed download leaves an existing file as it was", async () => {
    use();
    const path = join(dir, "kept.parquet");
    writeFileSync(path, "before");
    suite.server.reset([{ status: 200, json: { parts: [`${suite.server.url}/p0`] } }, { status: 404, json: { error: "gone" } }]);
    expect(await failure(pull("ds", path, { apiKey: "k" }))).toBeInstanceOf(Error);
    expect(readFileSync(path, "utf8")).toBe("before");
  });
});

describe("tabularRowFormat", () => {
  it("names Parquet, CSV and TSV by the extension in any case, and nothing else", () => {
    const cases: Record<string, string | undefined> = {
      "a.parquet": "parquet",
      "data/train.PARQUET": "parquet",
      "a.csv": "csv",
      "a.Tsv": "tsv",
      "a.jsonl": undefined,
      "a.ndjson": undefined,
      "a.json": undefined,
      "a.parquet.gz": undefined,
      "parquet": undefined,
      "dir.parquet/rows": undefined,
      "": undefined,
    };
    expect(Object.fromEntries(Object.keys(cases).map((path) => [path, tabularRowFormat(path)]))).toEqual(cases);
  });
});
