// Parquet, CSV/TSV and Arrow IPC in the page: each opened (picked or dropped) as a user would, read
// through the front door from the File itself (at offsets, never copied whole first), with the
// readers fetched from the page's own origin only when such a file is opened. The report numbers
// are the JSON Lines file's, `examples/support-canonical.jsonl`, that the tables were written from.
import { readFileSync } from "node:fs";
import { describeFormat, encodeRows } from "@whileai/ingest";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TraceReport } from "@whileai/traces/node";
import { ARTIFACTS, EXAMPLES_DIR, inLoadWorkers, foreignRequests, openExplorer, type Explorer } from "./support/browser.js";
import { builtChunks, chunksOf } from "./support/bundle.js";
import { frontDoor, frontDoorError, rawRows, referenceReport } from "./support/reference.js";
import { expectReportShown } from "./support/shown-report.js";
import { lossesAsShown, pickFile, problemsAsShown, shownSource } from "./support/shown-source.js";

const FIXTURES = new URL("../../../fixtures/tabular/", import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));
const example = (name: string) => readFileSync(`${EXAMPLES_DIR}${name}`);
const JSONL = "support-canonical.jsonl";

/** The reader chunks each kind of table fetches, by the npm package they hold. */
const READERS = {
  parquet: ["hyparquet"],
  csv: ["papaparse"],
  arrow: ["@uwdata/flechette"],
} as const;
/** Parquet codecs past snappy (built into hyparquet), fetched only for a file that uses one. */
const CODECS = "hyparquet-compressors";
const ALL_READERS = [...Object.values(READERS).flat(), CODECS];

let explorer: Explorer;
const chunks = new Map<string, string[]>();
beforeAll(async () => {
  explorer = await openExplorer();
  // After the build openExplorer makes: the chunk files of each reader, as URLs of the page.
  const built = builtChunks();
  for (const pkg of ALL_READERS) chunks.set(pkg, chunksOf(pkg, built).map((c) => `${explorer.origin}/${c.file}`));
  // Content-Security-Policy violations (a wasm compile refused, a script from elsewhere), as the
  // page sees them, and every WebAssembly module the page compiles.
  // Files are read in the trace reader (a worker), so its compiles and violations are watched too.
  await explorer.page.evaluate(watchCompiles);
  await inLoadWorkers(explorer.page, watchCompiles);
});

/** In the page or a worker: count WebAssembly compiles and record CSP violations from now on. */
function watchCompiles(): void {
  const w = globalThis as unknown as { cspViolations: string[]; wasmCompiles: number };
  w.cspViolations = [];
  w.wasmCompiles = 0;
  globalThis.addEventListener("securitypolicyviolation", (e) => w.cspViolations.push(`${(e as SecurityPolicyViolationEvent).violatedDirective} ${(e as SecurityPolicyViolationEvent).blockedURI}`));
  WebAssembly.Module = new Proxy(WebAssembly.Module, {
    construct(target, args: [BufferSource]) {
      w.wasmCompiles++;
      return Reflect.construct(target, args);
    },
  });
}

/** WebAssembly modules compiled so far, in the page and its trace readers. */
async function wasmCompiles(page: Page): Promise<number> {
  const counts = [await page.evaluate(() => (globalThis as unknown as { wasmCompiles: number }).wasmCompiles), ...(await inLoadWorkers(page, () => (globalThis as unknown as { wasmCompiles: number }).wasmCompiles))];
  return counts.reduce((a, b) => a + b, 0);
}

/** CSP violations so far, in the page and its trace readers. */
async function cspViolations(page: Page): Promise<string[]> {
  const all = [await page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations), ...(await inLoadWorkers(page, () => (globalThis as unknown as { cspViolations: string[] }).cspViolations))];
  return all.flat();
}
afterAll(async () => {
  await explorer?.close();
});

const requested = (pkg: string) => (chunks.get(pkg) ?? []).filter((url) => explorer.requests.includes(url));

/** Opens a file by dropping it on the zone, as a user drags it from a file manager. */
async function dropFile(page: Page, name: string, bytes: Buffer): Promise<void> {
  const source = page.getByTestId("trace-source");
  const before = Number(await source.getAttribute("data-reads"));
  const transfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name));
      return data;
    },
    { name, base64: bytes.toString("base64") },
  );
  await page.locator(".file-source").first().dispatchEvent("drop", { dataTransfer: transfer });
  await expect.poll(async () => Number(await source.getAttribute("data-reads"))).toBe(before + 1);
  await expect.poll(() => page.getByTestId("file-summary").locator("strong").textContent()).toBe(name);
}

/**
 * The JSON Lines file's report, which the table written from it must give too: checked here in
 * Node field by field (emphasis and warnings included), so a reader's fault is told from the page's.
 */
async function wantFor(file: string, bytes: Buffer): Promise<TraceReport> {
  const want = referenceReport(await rawRows(`${EXAMPLES_DIR}${JSONL}`), {});
  const table = referenceReport((await frontDoor(file, bytes)).rows, {});
  for (const key of Object.keys(want) as (keyof TraceReport)[]) expect(table[key], `${file} in Node: ${key}`).toEqual(want[key]);
  return want;
}

/** What the page shows about the file it read is the front door's account of the same bytes in Node. */
async function expectSourceAsNode(page: Page, name: string, bytes: Buffer, format: string): Promise<void> {
  const { rows, report } = await frontDoor(name, bytes);
  expect(report.format).toBe(format);
  const shown = await shownSource(page);
  expect([shown.format, shown.formatText]).toEqual([format, describeFormat(format)]);
  expect(shown.summary).toContain(`${describeFormat(format)}, ${rows.length} row${rows.length === 1 ? "" : "s"} read`);
  expect({ losses: shown.losses, lost: shown.lost }).toEqual(lossesAsShown(report));
  expect(shown.problems).toEqual(problemsAsShown(report));
}

describe("tables in the explorer", () => {
  test("the first load fetches no table reader", () => {
    for (const pkg of ALL_READERS) {
      expect(chunks.get(pkg)?.length, `a chunk of ${pkg}`).toBeGreaterThan(0);
      expect(requested(pkg), pkg).toEqual([]);
    }
  });

  test("the file chooser offers the table formats, and what it offered before", async () => {
    const accept = (await explorer.page.getByTestId("trace-file").getAttribute("accept"))?.split(",") ?? [];
    for (const ext of [".parquet", ".csv", ".tsv", ".arrow", ".feather", ".arrows", ".jsonl", ".json", ".ndjson", ".gz", ".pb", ".binpb", ".protobuf"]) expect(accept).toContain(ext);
  });

  test("a Parquet file (DuckDB, snappy): the JSON Lines file's report, read at offsets from the File", async () => {
    const { page } = explorer;
    const name = "tabular/support-canonical.parquet";
    const bytes = example(name);
    const wasmBefore = await wasmCompiles(page);
    await page.locator('[data-tab="report"]').click();
    await inLoadWorkers(page, watchFileReads);
    await page.getByTestId("trace-file").setInputFiles(`${EXAMPLES_DIR}${name}`);
    await expect.poll(() => page.getByTestId("file-summary").locator("strong").textContent()).toBe("support-canonical.parquet");
    await expectSourceAsNode(page, "support-canonical.parquet", bytes, "parquet");
    expect(await page.getByTestId("file-summary").textContent()).toContain("80 rows read");
    await expectReportShown(page, await wantFor(name, bytes), (await frontDoor(name, bytes)).report);
    // Snappy (the file's codec, fixtures/tabular/SOURCE.md) is built into hyparquet in JavaScript:
    // the other codecs, and hysnappy's WebAssembly with them, are not fetched for it.
    expect(await wasmCompiles(page)).toBe(wasmBefore);
    expect(requested(CODECS)).toEqual([]);
    // The File went to the front door as a Blob: read by slice(), never whole through arrayBuffer(), text() or stream().
    const reads = await fileReads(page);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((r) => r.method !== "slice")).toEqual([]);
    // The readers came from the page's origin, only now.
    for (const pkg of READERS.parquet) expect(requested(pkg).length, pkg).toBeGreaterThan(0);
    expect([...requested("papaparse"), ...requested("@uwdata/flechette")]).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}tabular-parquet.png` });
  });

  // Runs before any other non-snappy Parquet file of this page: the codecs load once a page.
  test("a zstd Parquet file fetches the codecs then, and their WebAssembly compiles with no CSP violation", async () => {
    const { page } = explorer;
    const wasmBefore = await wasmCompiles(page);
    await pickFile(page, "support-zstd.parquet", fixture("support-zstd.parquet"));
    await expect.poll(() => page.getByTestId("file-format").getAttribute("data-format")).toBe("parquet");
    expect(requested(CODECS).length).toBeGreaterThan(0);
    // hysnappy compiles its inlined wasm when the codecs load, in the trace reader that reads the file.
    expect(await wasmCompiles(page)).toBeGreaterThan(wasmBefore);
    expect(await cspViolations(page)).toEqual([]);
  });

  test("a Parquet file larger than its footer read: the footer first, then the row group, never the whole file in one read", async () => {
    const { page } = explorer;
    // 1,600 rows, each with 1 KB of hex that snappy leaves as it is: a file over 1 MB, one row group.
    const rows = (await rawRows(`${EXAMPLES_DIR}${JSONL}`)) as Record<string, unknown>[];
    let seed = 7;
    const hex = () => Array.from({ length: 1024 }, () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 28).toString(16)).join("");
    const big = Array.from({ length: 20 }, (_, copy) => rows.map((row, i) => ({ ...row, id: `${row.id}-${copy}-${i}`, note: hex() }))).flat();
    const bytes = Buffer.from(await encodeRows(big, "parquet"));
    expect(bytes.length).toBeGreaterThan(1 << 20);
    await inLoadWorkers(page, watchFileReads);
    await pickFile(page, "big.parquet", bytes);
    expect(await page.getByTestId("file-summary").textContent()).toContain(`${big.length.toLocaleString("en-US")} rows read`);
    const reads = await fileReads(page);
    expect(reads.filter((r) => r.method !== "slice")).toEqual([]);
    // The format is told from the first bytes; then the end of the file is read (the closing magic,
    // then hyparquet's footer with its first 512 KB guess) before any of the body.
    expect(reads[0]).toMatchObject({ start: 0, end: 8 });
    const body = reads.findIndex((r, i) => i > 0 && r.end !== bytes.length);
    const tail = reads.slice(1, body);
    expect(tail.length).toBeGreaterThan(0);
    expect(tail.map((r) => r.start)).toContain(bytes.length - (1 << 19));
    expect(body, "then the row group").toBeGreaterThan(0);
    for (const read of reads) expect(read.end - read.start, `${read.start}-${read.end}`).toBeLessThan(bytes.length);
  });

  test("a CSV file (DuckDB), dropped on the page: the JSON Lines file's report", async () => {
    const { page } = explorer;
    const name = "tabular/support-canonical.csv";
    const bytes = example(name);
    await dropFile(page, "support-canonical.csv", bytes);
    await expectSourceAsNode(page, "support-canonical.csv", bytes, "csv");
    expect(await page.getByTestId("file-summary").textContent()).toContain("80 rows read");
    await expectReportShown(page, await wantFor(name, bytes), (await frontDoor(name, bytes)).report);
    for (const pkg of READERS.csv) expect(requested(pkg).length, pkg).toBeGreaterThan(0);
    expect(requested("@uwdata/flechette")).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}tabular-csv.png` });
  });

  test("an Arrow IPC file (apache-arrow): the JSON Lines file's report", async () => {
    const { page } = explorer;
    const name = "tabular/support-canonical.arrow";
    const bytes = example(name);
    await page.getByTestId("trace-file").setInputFiles(`${EXAMPLES_DIR}${name}`);
    await expect.poll(() => page.getByTestId("file-summary").locator("strong").textContent()).toBe("support-canonical.arrow");
    await expectSourceAsNode(page, "support-canonical.arrow", bytes, "arrow-file");
    expect(await page.getByTestId("file-summary").textContent()).toContain("80 rows read");
    await expectReportShown(page, await wantFor(name, bytes), (await frontDoor(name, bytes)).report);
    for (const pkg of READERS.arrow) expect(requested(pkg).length, pkg).toBeGreaterThan(0);
    await page.screenshot({ path: `${ARTIFACTS}tabular-arrow.png` });
  });

  test.each([
    ["support.tsv", "tsv"],
    ["support.arrows", "arrow-stream"],
    ["support-lz4-flechette.arrow", "arrow-file"],
    ["support-zstd.parquet", "parquet"],
  ])("%s: told by its content (%s), and read as Node reads it", async (name, format) => {
    const { page } = explorer;
    const bytes = fixture(name);
    await pickFile(page, name, bytes);
    await expectSourceAsNode(page, name, bytes, format);
    const door = await frontDoor(name, bytes);
    await expectReportShown(page, referenceReport(door.rows, {}), door.report);
  });

  test("a bundled table example loads with the button", async () => {
    const { page } = explorer;
    await page.getByTestId("trace-example").selectOption("tabular/support-canonical.parquet");
    await page.getByTestId("trace-load-example").click();
    await expect.poll(() => page.getByTestId("file-summary").locator("strong").textContent()).toBe("tabular/support-canonical.parquet");
    await expect.poll(() => page.getByTestId("file-format").getAttribute("data-format")).toBe("parquet");
    expect(await page.getByTestId("file-summary").textContent()).toContain("80 rows read");
  });

  test("a Parquet file cut short: the front door's error, naming the file", async () => {
    const { page } = explorer;
    const bytes = fixture("truncated.parquet");
    const want = await frontDoorError("truncated.parquet", bytes);
    expect(want.message).toMatch(/^truncated\.parquet: not a readable Parquet file: /);
    const source = page.getByTestId("trace-source");
    const before = Number(await source.getAttribute("data-reads"));
    await page.getByTestId("trace-file").setInputFiles({ name: "truncated.parquet", mimeType: "application/vnd.apache.parquet", buffer: bytes });
    await expect.poll(async () => Number(await source.getAttribute("data-reads"))).toBe(before + 1);
    const error = page.getByTestId("load-error");
    await expect.poll(() => error.textContent()).toBe(want.message);
    expect(await error.getAttribute("data-source")).toBe("truncated.parquet");
    await page.screenshot({ path: `${ARTIFACTS}tabular-truncated-parquet.png` });
  });

  test("an Arrow file cut short: the error names the file", async () => {
    const { page } = explorer;
    const bytes = fixture("truncated.arrow");
    const want = await frontDoorError("truncated.arrow", bytes);
    expect(want.message).toMatch(/^truncated\.arrow: not a readable Arrow IPC file/);
    await page.getByTestId("trace-file").setInputFiles({ name: "truncated.arrow", mimeType: "application/vnd.apache.arrow.file", buffer: bytes });
    const error = page.getByTestId("load-error");
    await expect.poll(() => error.textContent()).toBe(want.message);
    expect(await error.getAttribute("data-source")).toBe("truncated.arrow");
  });

  test("a CSV line with a field too many: named by its line and counted as dropped, the rest read", async () => {
    const { page } = explorer;
    const bytes = fixture("ragged.csv");
    await pickFile(page, "ragged.csv", bytes);
    await expectSourceAsNode(page, "ragged.csv", bytes, "csv");
    const shown = await shownSource(page);
    // Line 4 (row 3) has 5 fields under a 4-field header. The page reads on past bad lines (as
    // `--skip-bad-lines` does) and lists each; the other rows hold no prompt, so they are dropped too.
    const ragged = shown.problems.find((p) => p.line === "4");
    expect(ragged).toEqual({ kind: "dropped", line: "4", record: null, cells: ["line 4", "dropped", "wrong number of fields", "5 fields where the header has 4"] });
    expect(shown.losses).toMatch(/^ragged\.csv: dropped .*\(line 4\)/);
    await page.screenshot({ path: `${ARTIFACTS}tabular-ragged-csv.png` });
  });

  test("a Parquet row group in a codec no reader has: counted as dropped, with the codec named", async () => {
    const { page } = explorer;
    const bytes = fixture("unknown-codec.parquet");
    await pickFile(page, "unknown-codec.parquet", bytes);
    await expectSourceAsNode(page, "unknown-codec.parquet", bytes, "parquet");
    const shown = await shownSource(page);
    expect(shown.problems.map((p) => [p.kind, p.record, p.cells[3]])).toEqual([["dropped", "1", "row group 1 of 1 (rows 1-3): unsupported compression codec: LZO"]]);
  });

  test("made no request beyond its own origin, broke no Content-Security-Policy rule, and raised no page error", async () => {
    expect(foreignRequests(explorer)).toEqual([]);
    expect(await cspViolations(explorer.page)).toEqual([]);
    expect(explorer.errors).toEqual([]);
  });
});

interface FileRead {
  method: string;
  start: number;
  end: number;
}

/** In a trace reader: from now on, record every read of a File (not of the Blobs sliced from it), in order. */
function watchFileReads(): void {
  const w = globalThis as unknown as { fileReads: FileRead[]; fileReadsWatched?: boolean };
  w.fileReads = [];
  if (w.fileReadsWatched) return;
  w.fileReadsWatched = true;
  const proto = Blob.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of ["arrayBuffer", "text", "stream", "bytes"]) {
    const original = proto[method];
    if (typeof original !== "function") continue;
    proto[method] = function (this: Blob, ...args: unknown[]) {
      if (this instanceof File) w.fileReads.push({ method, start: 0, end: this.size });
      return original.apply(this, args);
    };
  }
  const slice = Blob.prototype.slice;
  Blob.prototype.slice = function (this: Blob, start?: number, end?: number, type?: string) {
    if (this instanceof File) w.fileReads.push({ method: "slice", start: start ?? 0, end: end === undefined ? this.size : Math.min(end, this.size) });
    return slice.call(this, start, end, type);
  };
}

async function fileReads(page: Page): Promise<FileRead[]> {
  return (await inLoadWorkers(page, () => (globalThis as unknown as { fileReads?: FileRead[] }).fileReads ?? [])).flat();
}
