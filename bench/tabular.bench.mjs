// Table formats through the front door (@whileai/ingest), in one run, on the same rows (100,000
// from bench/rows.mjs): rows/s and MB/s reading JSON Lines, Parquet (our encodeRows, and a file
// of another writer), CSV and Arrow IPC; then, for the README's choice of libraries, the parse
// speed of each reader we use against an alternative on the same file, and each one's browser
// bundle size; then the peak memory of streaming a 1 GiB Parquet file, in a child process.
// Every file must read back as the same rows (checked before timing), or the comparison means
// nothing. Temporary files live in the OS temp dir and are removed at the end.
//   pnpm bench:tabular          (or: node bench/tabular.bench.mjs --rows 100000 --rounds 7 --gb 1)
//   node bench/tabular.bench.mjs --gb 0.1     (a quick run: a 0.1 GiB file; --gb 0 skips it)
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { gzipSync } from "node:zlib";
import * as flechette from "@uwdata/flechette";
import * as apacheArrow from "apache-arrow";
import { parse as csvParse } from "csv-parse/sync";
import { build } from "esbuild";
import { parquetMetadata, parquetReadObjects, parquetSchema } from "hyparquet";
import { compressors } from "hyparquet-compressors";
import { ByteWriter, ParquetWriter, fileWriter } from "hyparquet-writer";
import Papa from "papaparse";
import * as parquetWasm from "parquet-wasm";
import { Bench } from "tinybench";
import { encodeRows, readTraces, readTracesFile } from "@whileai/ingest/node";
import { benchRows } from "./rows.mjs";
import { PARQUET_WORKER_HEAP_MIB } from "../packages/ingest/dist/node/parquet-thread.js";

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const N = arg("rows", 100_000);
const ROUNDS = arg("rounds", 7);
const GIB = arg("gb", 1);
const GROUP_ROWS = 10_000;
/** Row groups of the smaller file the memory diagnostics read. */
const DIAGNOSTIC_GROUPS = 40;
const MAX_RSS_MIB = 500;
const fmt = (x, digits = 0) => x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mb = (bytes) => bytes / 1e6;
const BENCH_DIR = fileURLToPath(new URL(".", import.meta.url));
const version = (name) => JSON.parse(readFileSync(join(BENCH_DIR, "node_modules", name, "package.json"), "utf8")).version;
const VERSIONS = Object.fromEntries(["hyparquet", "hyparquet-compressors", "hyparquet-writer", "@uwdata/flechette", "papaparse", "parquet-wasm", "apache-arrow", "csv-parse", "esbuild", "tinybench"].map((name) => [name, version(name)]));
const loadBefore = loadavg();

const dir = mkdtempSync(join(tmpdir(), "tabular-bench-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

// ---- The rows, and the schema our Parquet writer gives them ----------------------------------

const rows = benchRows(N);
const files = {};
const put = (name, bytes) => {
  files[name] = { path: join(dir, name), bytes: bytes.length };
  writeFileSync(files[name].path, bytes);
  return files[name].path;
};
put("rows.jsonl", await encodeRows(rows, "jsonl"));
const parquetBytes = await encodeRows(rows, "parquet");
put("rows.parquet", parquetBytes);
put("rows.csv", await encodeRows(rows, "csv"));
put("rows.tsv", await encodeRows(rows, "tsv"));

const footer = (bytes) => parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
const metadata = footer(parquetBytes);
const schemaTree = parquetSchema(metadata);

/**
 * Per top-level column of a Parquet schema tree, a function from a row's value to the value in
 * the form `leaf(element)` gives leaves (lists and structs rebuilt around them; a struct has
 * exactly its schema's fields, an absent list or struct is `absent`).
 */
function valueMakers(tree, leaf, { absent = null } = {}) {
  const maker = (node) => {
    if (node.element.converted_type === "LIST") {
      const element = maker(node.children[0].children[0]);
      return (v) => (v === undefined ? absent : v === null ? null : v.map(element));
    }
    if (node.children.length > 0) {
      const fields = node.children.map((child) => [child.element.name, maker(child)]);
      return (v) => {
        if (v === undefined) return absent;
        if (v === null) return null;
        const out = {};
        for (const [name, make] of fields) out[name] = make(v[name]);
        return out;
      };
    }
    return leaf(node.element);
  };
  return tree.children.map((child) => [child.element.name, maker(child)]);
}

/** Values as hyparquet-writer takes them for the schema encodeRows wrote: INT64 as BigInt, JSON leaves as values. */
const parquetValues = valueMakers(schemaTree, (element) => (element.type === "INT64" ? (v) => (v == null ? null : BigInt(v)) : (v) => v ?? null));

// ---- Arrow IPC: flechette, with the columns our Parquet writer chose -------------------------

const JSON_EXTENSION = new Map([
  ["ARROW:extension:name", "arrow.json"],
  ["ARROW:extension:metadata", "{}"],
]);

/** The flechette type of a Parquet schema node; a JSON leaf is utf8 of the canonical `arrow.json` extension. */
function arrowField(node) {
  const { name, type, converted_type } = node.element;
  if (converted_type === "LIST") return flechette.field(name, flechette.list(arrowField(node.children[0].children[0])));
  if (node.children.length > 0) return flechette.field(name, flechette.struct(node.children.map(arrowField)));
  if (converted_type === "JSON") return flechette.field(name, flechette.utf8(), true, JSON_EXTENSION);
  if (type === "BYTE_ARRAY") return flechette.field(name, flechette.utf8());
  if (type === "INT64") return flechette.field(name, flechette.int64());
  if (type === "DOUBLE") return flechette.field(name, flechette.float64());
  if (type === "BOOLEAN") return flechette.field(name, flechette.bool());
  throw new Error(`no Arrow type for the Parquet column ${name} (${type})`);
}
const arrowValues = valueMakers(schemaTree, (element) => (element.converted_type === "JSON" ? (v) => (v == null ? null : JSON.stringify(v)) : element.type === "INT64" ? (v) => (v == null ? null : BigInt(v)) : (v) => v ?? null));
const arrowFields = schemaTree.children.map(arrowField);
const arrowTable = new flechette.Table(
  { version: flechette.Version.V5, endianness: flechette.Endianness.Little, fields: arrowFields, metadata: null },
  arrowValues.map(([name, make], i) => flechette.columnFromArray(rows.map((row) => make(row[name])), arrowFields[i].type)),
);
const arrowBytes = flechette.tableToIPC(arrowTable, { format: "file" });
put("rows.arrow", arrowBytes);

// ---- Parquet of another writer: parquet-wasm (arrow-rs, the Rust parquet crate) --------------
// From the same Arrow table. parquet-wasm 0.8.0 is built without arrow-rs's canonical extension
// types: it writes the `arrow.json` columns as plain UTF8 (the extension is kept only inside the
// ARROW:schema footer entry), so its file holds the rows with those values as JSON text. It is
// compared with encodeRows of exactly those rows, and both must read back as them.

const props = new parquetWasm.WriterPropertiesBuilder().setCompression(parquetWasm.Compression.SNAPPY).setMaxRowGroupSize(GROUP_ROWS).build();
const rsBytes = parquetWasm.writeParquet(parquetWasm.Table.fromIPCStream(flechette.tableToIPC(arrowTable, { format: "stream" })), props);
const rsMetadata = footer(rsBytes);
const rsJson = rsMetadata.schema.filter((element) => element.converted_type === "JSON" || element.logical_type?.type === "JSON");
if (rsJson.length > 0) throw new Error(`parquet-wasm now writes JSON columns (${rsJson.map((e) => e.name).join(", ")}): compare its file with rows.parquet directly`);
put("rows-rs.parquet", rsBytes);
/** The rows as the arrow-rs file holds them: every JSON-typed value as its JSON text. */
const textValues = valueMakers(schemaTree, (element) => (element.converted_type === "JSON" ? (v) => (v == null ? v : JSON.stringify(v)) : (v) => v), { absent: undefined });
const textRows = rows.map((row) => {
  const out = {};
  for (const [name, make] of textValues) if (row[name] !== undefined) out[name] = dropAbsent(make(row[name]));
  return out;
});
/** `valueMakers` gives a struct every field; the keys a row did not have go again (null ones stay null). */
function dropAbsent(value) {
  if (Array.isArray(value)) return value.map(dropAbsent);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, dropAbsent(v)]));
}
put("text-rows.jsonl", await encodeRows(textRows, "jsonl"));
put("text-rows.parquet", await encodeRows(textRows, "parquet"));

// ---- Same rows, checked before timing ---------------------------------------------------------

const LABEL_KEYS = new Set(["reward", "score", "qwen_reward", "latency_ms", "ts"]);
/** What the front door keeps: a row with anything but label columns (the label-only rows have neither prompt nor step). */
const kept = (row) => Object.keys(row).some((key) => !LABEL_KEYS.has(key));
const source = rows.filter(kept);

/** A value with null and absent keys alike (a table's struct field is there or null) and BigInt as a number. */
function plain(value) {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return Array.from(value, plain);
  if (value === null || typeof value !== "object") return value;
  const out = {};
  for (const [key, v] of Object.entries(value)) if (v !== null && v !== undefined) out[key] = plain(v);
  return out;
}
const withoutReward = ({ reward: _reward, ...rest }) => rest;

/**
 * Rows read from a file against the JSON Lines rows: equal but for what the format cannot hold,
 * each such row counted by kind; any other difference throws.
 */
function sameRows(label, got, want, { sourceRows } = {}) {
  if (got.length !== want.length) throw new Error(`${label}: ${got.length} rows, JSON Lines gave ${want.length}`);
  const kinds = { identical: 0, nullsAbsent: 0, booleanLabelAsText: 0 };
  for (let i = 0; i < got.length; i++) {
    if (isDeepStrictEqual(got[i], want[i])) kinds.identical++;
    else if (isDeepStrictEqual(plain(got[i]), plain(want[i]))) kinds.nullsAbsent++;
    else if (sourceRows && typeof sourceRows[i].reward === "boolean" && !("reward" in got[i]) && isDeepStrictEqual(plain(got[i]), plain(withoutReward(want[i])))) kinds.booleanLabelAsText++;
    else throw new Error(`${label}: row ${i + 1} differs from the JSON Lines row:\n  ${JSON.stringify(got[i])}\n  ${JSON.stringify(want[i])}`);
  }
  return kinds;
}

const front = (name) => readTracesFile(files[name].path).then((result) => result.rows);
const jsonlRows = await front("rows.jsonl");
if (jsonlRows.length !== source.length) throw new Error(`the front door kept ${jsonlRows.length} of ${N} rows; the bench predicts ${source.length}`);
const textJsonlRows = await front("text-rows.jsonl");
const checks = {
  "rows.parquet": sameRows("Parquet (encodeRows)", await front("rows.parquet"), jsonlRows),
  "rows.csv": sameRows("CSV (encodeRows)", await front("rows.csv"), jsonlRows, { sourceRows: source }),
  "rows.tsv": sameRows("TSV (encodeRows)", await front("rows.tsv"), jsonlRows, { sourceRows: source }),
  "rows.arrow": sameRows("Arrow IPC (flechette)", await front("rows.arrow"), jsonlRows),
  "text-rows.parquet": sameRows("Parquet of JSON text (encodeRows)", await front("text-rows.parquet"), textJsonlRows),
  "rows-rs.parquet": sameRows("Parquet of JSON text (parquet-wasm)", await front("rows-rs.parquet"), textJsonlRows),
};
console.log(`${fmt(N)} rows, ${fmt(jsonlRows.length)} kept; every file reads back as the JSON Lines rows`, checks);

// ---- Timing: tinybench, alternated rounds ------------------------------------------------------

/**
 * One untimed pass of every task, then `ROUNDS` rounds in which each task runs once (a tinybench
 * run of one iteration per task), each round starting one task later than the one before, so
 * drift in the machine's load falls on every task alike. The median of each task's rounds.
 */
async function rounds(name, tasks) {
  for (const [, fn] of tasks) await fn();
  const samples = new Map(tasks.map(([task]) => [task, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const bench = new Bench({ name: `${name} ${round + 1}`, time: 0, iterations: 1, warmup: false, throws: true });
    for (let i = 0; i < tasks.length; i++) bench.add(...tasks[(i + round) % tasks.length]);
    await bench.run();
    for (const task of bench.tasks) samples.get(task.name).push(task.result.latency.mean);
    process.stdout.write(`${name}: round ${round + 1}/${ROUNDS}\r`);
  }
  process.stdout.write("\n");
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  return new Map([...samples].map(([task, xs]) => [task, median(xs)]));
}

let sink = 0;
const readTask = (name) => async () => {
  sink += (await readTracesFile(files[name].path)).rows.length;
};
const FRONT = [
  ["JSON Lines", "rows.jsonl"],
  ["Parquet, encodeRows (hyparquet-writer, snappy)", "rows.parquet"],
  ["CSV, encodeRows", "rows.csv"],
  ["Arrow IPC file, flechette (uncompressed)", "rows.arrow"],
  ["Parquet of the JSON-text rows, encodeRows (snappy)", "text-rows.parquet"],
  ["Parquet of the JSON-text rows, parquet-wasm (arrow-rs, snappy)", "rows-rs.parquet"],
  ["JSON Lines of the JSON-text rows", "text-rows.jsonl"],
];
const frontTimes = await rounds("front door", FRONT.map(([label, name]) => [label, readTask(name)]));

// ---- Libraries: each reader we use against an alternative, same file, bytes in memory ---------
// Time to decode the file's bytes (already in memory) to JS row objects, nothing else: no trace
// loading, no report. Each pair must give the same objects (nulls and absent keys alike, BigInt
// and number alike).

const buffer = (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
const parquetFile = buffer(parquetBytes);
const csvText = readFileSync(files["rows.csv"].path, "utf8");

/** JSON.parse of the JSON-typed leaves of a row decoded from Arrow (which holds them as text), per the Parquet schema. */
const jsonDecoders = valueMakers(schemaTree, (element) => (element.converted_type === "JSON" ? (v) => (v == null ? v : JSON.parse(v)) : (v) => v), { absent: undefined });
const jsonColumns = new Set(schemaTree.children.filter(function hasJson(node) {
  return node.element.converted_type === "JSON" || node.children.some(hasJson);
}).map((node) => node.element.name));
const decodeJson = (row) => {
  for (const [name, decode] of jsonDecoders) if (jsonColumns.has(name) && row[name] != null) row[name] = decode(row[name]);
  return row;
};

/** apache-arrow rows (StructRow proxies, Vectors for lists) as plain objects and arrays. */
function apacheArrowPlain(value) {
  if (value instanceof apacheArrow.Vector) return Array.from(value, apacheArrowPlain);
  if (value !== null && typeof value === "object" && typeof value.toJSON === "function") {
    const out = value.toJSON();
    for (const key of Object.keys(out)) out[key] = apacheArrowPlain(out[key]);
    return out;
  }
  return value;
}

const LIBRARY = {
  parquetOurs: () => parquetReadObjects({ file: parquetFile, compressors }),
  parquetWasmRows: () => {
    const ipc = parquetWasm.readParquet(parquetBytes).intoIPCStream();
    return flechette.tableFromIPC(ipc, { useBigInt: true }).toArray().map(decodeJson);
  },
  parquetWasmArrow: () => {
    const table = parquetWasm.readParquet(parquetBytes);
    const batches = table.numBatches;
    table.free();
    return batches;
  },
  arrowOurs: () => flechette.tableFromIPC(arrowBytes, { useDate: true, useBigInt: true, useMap: true }).toArray(),
  arrowApache: () => apacheArrow.tableFromIPC(arrowBytes).toArray().map(apacheArrowPlain),
  csvOurs: () => Papa.parse(csvText, { header: true, skipEmptyLines: "greedy" }).data,
  csvParse: () => csvParse(csvText, { columns: true, skip_empty_lines: true }),
};
const samePlain = (label, a, b) => {
  if (a.length !== b.length) throw new Error(`${label}: ${a.length} rows against ${b.length}`);
  for (let i = 0; i < a.length; i++) {
    if (!isDeepStrictEqual(plain(a[i]), plain(b[i]))) throw new Error(`${label}: row ${i + 1} differs:\n  ${JSON.stringify(plain(a[i]))}\n  ${JSON.stringify(plain(b[i]))}`);
  }
};
const parquetObjects = await LIBRARY.parquetOurs();
if (parquetObjects.length !== N) throw new Error(`hyparquet read ${parquetObjects.length} rows of ${N}`);
samePlain("Parquet: parquet-wasm against hyparquet", LIBRARY.parquetWasmRows(), parquetObjects);
samePlain("Arrow: apache-arrow against flechette", LIBRARY.arrowApache(), LIBRARY.arrowOurs());
samePlain("CSV: csv-parse against papaparse", LIBRARY.csvParse(), LIBRARY.csvOurs());
console.log("the alternative readers give the same row objects");

const LIBRARY_TASKS = [
  ["Parquet: hyparquet + hyparquet-compressors (ours)", "parquetOurs", files["rows.parquet"].bytes],
  ["Parquet: parquet-wasm → Arrow IPC → flechette rows, JSON columns parsed", "parquetWasmRows", files["rows.parquet"].bytes],
  ["Parquet: parquet-wasm readParquet alone (Arrow in wasm memory, no JS rows)", "parquetWasmArrow", files["rows.parquet"].bytes],
  ["Arrow IPC: flechette tableFromIPC + toArray (ours)", "arrowOurs", files["rows.arrow"].bytes],
  ["Arrow IPC: apache-arrow tableFromIPC + rows to plain objects", "arrowApache", files["rows.arrow"].bytes],
  ["CSV: papaparse, header rows (ours)", "csvOurs", Buffer.byteLength(csvText)],
  ["CSV: csv-parse/sync, columns: true", "csvParse", Buffer.byteLength(csvText)],
];
const libraryTimes = await rounds("libraries", LIBRARY_TASKS.map(([label, key]) => [label, async () => {
  const out = await LIBRARY[key]();
  sink += typeof out === "number" ? out : out.length;
}]));

// ---- Browser bundle sizes: esbuild, minified, gzipped -----------------------------------------

async function bundle(contents) {
  const result = await build({ stdin: { contents, resolveDir: BENCH_DIR, loader: "js" }, bundle: true, minify: true, format: "esm", platform: "browser", write: false, logLevel: "silent" });
  const bytes = result.outputFiles[0].contents;
  return { min: bytes.length, gzip: gzipSync(bytes).length };
}
const wasmFile = readFileSync(join(BENCH_DIR, "node_modules", "parquet-wasm", "esm", "parquet_wasm_bg.wasm"));
const BUNDLES = [
  ["hyparquet (ours)", `hyparquet ${VERSIONS.hyparquet}`, 'export { parquetMetadataAsync, parquetReadObjects, parquetSchema } from "hyparquet";'],
  ["hyparquet-compressors (ours: gzip, zstd, brotli, lz4 for Parquet)", `hyparquet-compressors ${VERSIONS["hyparquet-compressors"]}`, 'export { compressors } from "hyparquet-compressors";'],
  ["parquet-wasm (JS glue of the esm build)", `parquet-wasm ${VERSIONS["parquet-wasm"]}`, 'export { default, readParquet, Table } from "parquet-wasm/esm";'],
  ["@uwdata/flechette (ours)", `@uwdata/flechette ${VERSIONS["@uwdata/flechette"]}`, 'export { tableFromIPC } from "@uwdata/flechette";'],
  ["apache-arrow", `apache-arrow ${VERSIONS["apache-arrow"]}`, 'export { tableFromIPC } from "apache-arrow";'],
  ["papaparse (ours)", `papaparse ${VERSIONS.papaparse}`, 'export { default } from "papaparse";'],
  ["csv-parse/sync (its browser build)", `csv-parse ${VERSIONS["csv-parse"]}`, 'export { parse } from "csv-parse/browser/esm/sync";'],
];
const bundles = [];
for (const [label, pkg, contents] of BUNDLES) bundles.push({ label, pkg, contents, ...(await bundle(contents)) });
bundles.splice(3, 0, { label: "parquet-wasm (its .wasm file, every codec)", pkg: `parquet-wasm ${VERSIONS["parquet-wasm"]}`, contents: "esm/parquet_wasm_bg.wasm", min: wasmFile.length, gzip: gzipSync(wasmFile).length });

// ---- Peak memory streaming a 1 GiB Parquet file, in a child process ---------------------------

let big;
let diagnostics = [];
const failures = [];
/** `node [flags] bench/tabular-count.mjs FILE [mode]` in a child process: its JSON line, or a failure. */
function countInChild(path, { flags = [], mode = [] } = {}) {
  const child = spawnSync(process.execPath, [...flags, join(BENCH_DIR, "tabular-count.mjs"), path, ...mode], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  if (child.status !== 0) {
    console.error(child.stderr);
    return { error: `exited with ${child.status ?? child.signal}` };
  }
  const result = JSON.parse(child.stdout.trim().split("\n").at(-1));
  return { ...result, maxRssMiB: result.maxRssKiB / 1024 };
}
if (GIB > 0) {
  const target = GIB * 2 ** 30;
  const groupRows = (g) => benchRows(GROUP_ROWS, 1000 + g);
  const columnData = (chunk) => parquetValues.map(([name, make]) => ({ name, data: chunk.map((row) => make(row[name])) }));
  // The first row group, also written alone to a buffer and read back: the writer makes the rows.
  const one = new ParquetWriter({ writer: new ByteWriter(), schema: metadata.schema, createdBy: "whileai-ts bench" });
  one.write({ columnData: columnData(groupRows(0)), rowGroupSize: GROUP_ROWS });
  one.finish();
  sameRows("the big file's first row group", (await readTraces(one.writer.getBytes(), {})).rows, (await readTraces(await encodeRows(groupRows(0), "jsonl"), {})).rows);

  /** Row groups of 10,000 new rows each until the file reaches `bytes` (or `groups` row groups), written one at a time. */
  const writeBig = (path, { bytes = Infinity, groups: most = Infinity }) => {
    const started = performance.now();
    const writer = fileWriter(path);
    const parquet = new ParquetWriter({ writer, schema: metadata.schema, createdBy: "whileai-ts bench" });
    let written = 0;
    let keptRows = 0;
    let groups = 0;
    while (writer.offset < bytes && groups < most) {
      const chunk = groupRows(groups);
      parquet.write({ columnData: columnData(chunk), rowGroupSize: GROUP_ROWS });
      written += chunk.length;
      keptRows += chunk.filter(kept).length;
      groups++;
      if (groups % 20 === 0) process.stdout.write(`writing ${path}: ${fmt(mb(writer.offset))} MB, ${fmt(written)} rows\r`);
    }
    parquet.finish();
    const size = statSync(path).size;
    const writeSeconds = (performance.now() - started) / 1000;
    console.log(`\nwrote ${fmt(mb(size))} MB (${fmt(size / 2 ** 30, 2)} GiB), ${fmt(written)} rows in ${fmt(groups)} row groups, in ${fmt(writeSeconds)} s`);
    return { path, size, written, keptRows, groups, writeSeconds };
  };

  const file = writeBig(join(dir, "big.parquet"), { bytes: target });
  const name = `the ${fmt(mb(file.size))} MB Parquet file`;
  const result = countInChild(file.path);
  rmSync(file.path, { force: true });
  if (result.error) failures.push(`the child reading ${name} ${result.error}`);
  else {
    big = { ...file, ...result };
    if (result.records !== file.written) failures.push(`the child read ${fmt(result.records)} records of the ${fmt(file.written)} rows written to ${name}`);
    if (result.rows !== file.keptRows || result.reportRows !== file.keptRows) failures.push(`the child's sink counted ${fmt(result.rows)} rows of ${name} (report: ${fmt(result.reportRows)}); ${fmt(file.keptRows)} of the rows written have a prompt or steps`);
    if (!(result.maxRssMiB < MAX_RSS_MIB)) failures.push(`peak RSS ${fmt(result.maxRssMiB, 1)} MiB reading ${name}, not under ${MAX_RSS_MIB} MiB`);
  }

  // For the record, not asserted: what the peak is made of, on a smaller file of the same row groups.
  const small = writeBig(join(dir, "small.parquet"), { groups: DIAGNOSTIC_GROUPS });
  diagnostics = [
    ["front door (`streamTracesFile`: Parquet decoded in a worker thread), Node's default heap limit", countInChild(small.path)],
    ["front door in one thread (`streamTraces` on the file at offsets, as a browser reads a Blob), default heap limit", countInChild(small.path, { mode: ["--in-thread"] })],
    ["front door in one thread, `--max-old-space-size=256`", countInChild(small.path, { flags: ["--max-old-space-size=256"], mode: ["--in-thread"] })],
    ["hyparquet alone (`parquetReadObjects` a row group at a time), default heap limit", countInChild(small.path, { mode: ["--hyparquet"] })],
    ["hyparquet alone, `--max-old-space-size=256`", countInChild(small.path, { flags: ["--max-old-space-size=256"], mode: ["--hyparquet"] })],
  ].map(([label, result]) => ({ label, file: small, ...result }));
  rmSync(small.path, { force: true });
}
const loadAfter = loadavg();

// ---- Results --------------------------------------------------------------------------------

const pct = (part) => `${fmt((100 * part) / jsonlRows.length, 2)}%`;
const jsonlMs = frontTimes.get("JSON Lines");
const textJsonlMs = frontTimes.get("JSON Lines of the JSON-text rows");
const frontLine = ([label, name]) => {
  const ms = frontTimes.get(label);
  const base = name.startsWith("text-") || name === "rows-rs.parquet" ? textJsonlMs : jsonlMs;
  return `| ${label} | ${fmt(mb(files[name].bytes), 2)} | ${fmt(ms)} | ${fmt((jsonlRows.length / ms) * 1000)} | ${fmt(mb(files[name].bytes) / (ms / 1000), 1)} | ${(base / ms).toFixed(2)}x |`;
};
const libraryLine = ([label, , bytes]) => {
  const ms = libraryTimes.get(label);
  return `| ${label} | ${fmt(ms)} | ${fmt((N / ms) * 1000)} | ${fmt(mb(bytes) / (ms / 1000), 1)} |`;
};
const pairRatio = (ours, theirs) => (libraryTimes.get(LIBRARY_TASKS[theirs][0]) / libraryTimes.get(LIBRARY_TASKS[ours][0])).toFixed(2);
const machine = `Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown CPU"}; load average ${loadBefore.map((x) => x.toFixed(1)).join(" / ")} (1/5/15 min) at the start, ${loadAfter.map((x) => x.toFixed(1)).join(" / ")} at the end (a shared machine; no CPU governor is exposed).`;
const c = (name) => checks[name];

const table = [
  `## @whileai/ingest: table formats through the front door (${fmt(N)} rows)`,
  "",
  machine,
  `Median of ${ROUNDS} alternated rounds per task (tinybench, one iteration per task a round, each round starting one task later; one untimed pass first), all in one run.`,
  `Versions: ${Object.entries(VERSIONS).map(([name, v]) => `${name} ${v}`).join(", ")}.`,
  "",
  `Rows: ${fmt(N)} from bench/rows.mjs (\`benchRows(${N})\`), of which the front door keeps ${fmt(jsonlRows.length)} (the rest have only a label). Every file below reads back through \`readTracesFile\` as the JSON Lines rows, checked row by row before timing, but for what the format cannot hold:`,
  `Parquet and Arrow read a null struct field as an absent key (${fmt(c("rows.parquet").nullsAbsent)} and ${fmt(c("rows.arrow").nullsAbsent)} rows: an OpenAI assistant message's \`content: null\`);`,
  `CSV and TSV also lose a boolean label in a column that holds numbers too: the column reads as text and \`"false"\` is no label (${fmt(c("rows.csv").booleanLabelAsText)} rows, ${pct(c("rows.csv").booleanLabelAsText)}, come back unlabelled; ${fmt(c("rows.csv").nullsAbsent)} more differ only in nulls).`,
  "",
  "### Reading the same rows: `readTracesFile` (file to loaded rows)",
  "",
  "| file | size, MB | median ms | rows/s | MB/s (of the file) | speed vs JSON Lines |",
  "|---|---:|---:|---:|---:|---:|",
  ...FRONT.slice(0, 4).map(frontLine),
  "",
  `Parquet of another writer: parquet-wasm ${VERSIONS["parquet-wasm"]} (arrow-rs, from the same Arrow table, row groups of ${fmt(GROUP_ROWS)}, snappy) writes the \`arrow.json\` columns as plain UTF8, not Parquet's JSON type (its build leaves out arrow-rs's canonical extension types; the extension survives only inside its ARROW:schema footer entry, which no Parquet reader needs to read).`,
  `So its file holds the rows with those values (\`reward\`, message \`content\`, step \`result\`, \`tool_trace\` \`input\`/\`output\`) as their JSON text, and is timed against encodeRows of exactly those rows and their own JSON Lines; all three read back as the same rows (${fmt(c("rows-rs.parquet").identical + c("rows-rs.parquet").nullsAbsent)} of ${fmt(jsonlRows.length)}).`,
  "",
  "| file (the JSON-text rows) | size, MB | median ms | rows/s | MB/s (of the file) | speed vs their JSON Lines |",
  "|---|---:|---:|---:|---:|---:|",
  ...FRONT.slice(4).map(frontLine),
  "",
  `File sizes of the same ${fmt(N)} rows: ${["rows.jsonl", "rows.parquet", "rows.csv", "rows.tsv", "rows.arrow"].map((name) => `${name.split(".")[1]} ${fmt(mb(files[name].bytes), 2)} MB`).join(", ")}; Parquet is ${fmt(files["rows.jsonl"].bytes / files["rows.parquet"].bytes, 1)}x smaller than JSON Lines. JSON-text rows: JSON Lines ${fmt(mb(files["text-rows.jsonl"].bytes), 2)} MB, encodeRows Parquet ${fmt(mb(files["text-rows.parquet"].bytes), 2)} MB, parquet-wasm Parquet ${fmt(mb(files["rows-rs.parquet"].bytes), 2)} MB.`,
  `Row groups: encodeRows ${metadata.row_groups.length} (1,000 rows, then 10,000 each), parquet-wasm ${rsMetadata.row_groups.length}. TSV reads through the CSV reader (${fmt(checks["rows.tsv"].booleanLabelAsText)} unlabelled rows, as CSV) and is not timed apart.`,
  "",
  "### Libraries: the readers we chose against the alternatives, same file, bytes in memory",
  "",
  "For the README's choice of libraries only: the time for each library to decode the same file's bytes (already in memory) to JS row objects, and nothing else (no trace loading, no report).",
  `Each pair gives the same objects (checked before timing; nulls and absent keys alike, BigInt and number alike). Parquet: our file (rows.parquet, ${fmt(mb(files["rows.parquet"].bytes), 2)} MB); parquet-wasm's rows come out as Arrow IPC, decoded by flechette, with the JSON columns parsed as hyparquet parses them; hyparquet reads the whole file in one call.`,
  `Arrow: the flechette-written file (${fmt(mb(files["rows.arrow"].bytes), 2)} MB), flechette with our options (useDate, useBigInt, useMap), apache-arrow with its defaults, its StructRow and Vector values made plain objects and arrays. CSV: the encodeRows CSV (${fmt(mb(Buffer.byteLength(csvText)), 2)} MB) as text, header rows of strings.`,
  "",
  "| task | median ms | rows/s | MB/s (of the file) |",
  "|---|---:|---:|---:|",
  ...LIBRARY_TASKS.map(libraryLine),
  "",
  `Ours against the alternative (its time over ours): Parquet hyparquet ${pairRatio(0, 1)}x parquet-wasm to JS rows (${pairRatio(0, 2)}x its decode to Arrow alone); Arrow flechette ${pairRatio(3, 4)}x apache-arrow; CSV papaparse ${pairRatio(5, 6)}x csv-parse.`,
  "",
  "Browser bundle sizes: esbuild (platform browser, ESM, minified) of an entry that imports what a reader uses, gzipped (zlib default level); parquet-wasm's .wasm file gzipped as it is.",
  "",
  "| library | package | entry | minified, KB | min+gzip, KB |",
  "|---|---|---|---:|---:|",
  ...bundles.map((b) => `| ${b.label} | ${b.pkg} | \`${b.contents}\` | ${fmt(b.min / 1000, 1)} | ${fmt(b.gzip / 1000, 1)} |`),
  "",
  "### Peak memory streaming a 1 GiB Parquet file",
  "",
  ...(big
    ? [
        `A ${fmt(mb(big.size))} MB (${fmt(big.size / 2 ** 30, 2)} GiB) Parquet file of ${fmt(big.written)} rows (\`benchRows(${fmt(GROUP_ROWS)}, seed)\` with a new seed for each of ${fmt(big.groups)} row groups of ${fmt(GROUP_ROWS)}), written in ${fmt(big.writeSeconds)} s a row group at a time by hyparquet-writer's \`ParquetWriter\` to a file (its \`fileWriter\`), with the schema encodeRows gave the ${fmt(N)} rows (their footer's); its first row group was read back as its rows before.`,
        `A child process (\`node bench/tabular-count.mjs FILE\`, no flags: Node's default heap limit, ${fmt(big.heapLimitMiB)} MiB here) ran \`streamTracesFile(file, {}, sink)\` (which decodes the row groups in a worker thread whose heap is capped at ${PARQUET_WORKER_HEAP_MIB} MiB) with a sink that only counts rows, then printed \`process.resourceUsage().maxRSS\`. The file was deleted after.`,
        "",
        "| file | row groups | rows written | records read | rows kept (sink / expected) | read, s | rows/s | MB/s | peak RSS, MiB | limit, MiB |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        `| ${fmt(big.size / 2 ** 30, 2)} GiB Parquet | ${fmt(big.groups)} | ${fmt(big.written)} | ${fmt(big.records)} | ${fmt(big.rows)} / ${fmt(big.keptRows)} | ${fmt(big.seconds, 1)} | ${fmt(big.rows / big.seconds)} | ${fmt(mb(big.size) / big.seconds, 1)} | ${fmt(big.maxRssMiB, 1)} | ${MAX_RSS_MIB} |`,
        "",
        failures.length === 0 ? `Peak RSS ${fmt(big.maxRssMiB, 1)} MiB, under ${MAX_RSS_MIB} MiB; every row written was read.` : `FAILED: ${failures.join("; ")}.`,
      ]
    : GIB > 0
      ? [`FAILED: ${failures.join("; ")}.`]
      : ["Not run (--gb 0)."]),
  ...(diagnostics.length > 0
    ? [
        "",
        `For the record, not asserted: what the peak is made of. The same kind of file, smaller (its first ${fmt(DIAGNOSTIC_GROUPS)} row groups: ${fmt(mb(diagnostics[0].file.size), 1)} MB, ${fmt(diagnostics[0].file.written)} rows), read by a child process each way:`,
        "",
        "| child | rows | read, s | peak RSS, MiB |",
        "|---|---:|---:|---:|",
        ...diagnostics.map((d) => (d.error ? `| ${d.label} | ${d.error} | | |` : `| ${d.label} | ${fmt(d.rows)} | ${fmt(d.seconds, 1)} | ${fmt(d.maxRssMiB, 1)} |`)),
      ]
    : []),
  "",
].join("\n");
console.log(`\n${table}`);
const out = new URL("./results/", import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL(N === 100_000 && GIB === 1 && ROUNDS === 7 ? "tabular.md" : `tabular-${N}rows-${GIB}gib.md`, out), table);
if (sink === -1) console.log(sink);
if (failures.length > 0) {
  console.error(`tabular bench: ${failures.join("; ")}`);
  process.exit(1);
}
