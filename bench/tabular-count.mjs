// The child process of bench/tabular.bench.mjs's memory check: streams one trace file through the
// front door (`streamTracesFile`) with a sink that only counts rows, then prints one JSON line with
// the count, the report's counts and the process's peak resident set. It imports nothing else, so
// its peak is the reader's own (plus Node's baseline). `streamTracesFile` decodes Parquet in a
// worker thread; with --in-thread the front door reads the file in this thread instead
// (`streamTraces` on the file at offsets, as a browser reads a Blob); with --hyparquet hyparquet
// alone reads it (a row group at a time, at file offsets, rows decoded and dropped): what the
// decode costs without the front door.
//   node bench/tabular-count.mjs FILE [--in-thread | --hyparquet]
import { open } from "node:fs/promises";
import { getHeapStatistics } from "node:v8";

const file = process.argv[2];
if (!file) {
  console.error("usage: node bench/tabular-count.mjs FILE [--in-thread | --hyparquet]");
  process.exit(2);
}
let rows = 0;
let records;
let reportRows;
let format;
const start = performance.now();
/** The file at offsets, as hyparquet and the front door's RandomAccessBytes take it. */
async function fileAtOffsets(path) {
  const handle = await open(path, "r");
  const byteLength = (await handle.stat()).size;
  return {
    handle,
    byteLength,
    async slice(from, to = byteLength) {
      const bytes = new Uint8Array(to - from);
      for (let done = 0; done < bytes.length; ) done += (await handle.read(bytes, done, bytes.length - done, from + done)).bytesRead;
      return bytes.buffer;
    },
  };
}
if (process.argv.includes("--hyparquet")) {
  const [{ parquetMetadataAsync, parquetReadObjects }, { compressors }] = await Promise.all([import("hyparquet"), import("hyparquet-compressors")]);
  const asyncBuffer = await fileAtOffsets(file);
  const handle = asyncBuffer.handle;
  const metadata = await parquetMetadataAsync(asyncBuffer);
  let at = 0;
  for (const group of metadata.row_groups) {
    const end = at + Number(group.num_rows);
    rows += (await parquetReadObjects({ file: asyncBuffer, metadata, rowStart: at, rowEnd: end, compressors, utf8: false })).length;
    at = end;
  }
  await handle.close();
  records = rows;
  format = "parquet (hyparquet alone)";
} else if (process.argv.includes("--in-thread")) {
  const { streamTraces } = await import("@whileai/ingest");
  const access = await fileAtOffsets(file);
  const report = await streamTraces(access, { name: file }, (batch) => {
    rows += batch.length;
  });
  await access.handle.close();
  ({ records, rows: reportRows, format } = report);
} else {
  const { streamTracesFile } = await import("@whileai/ingest/node");
  const report = await streamTracesFile(file, {}, (batch) => {
    rows += batch.length;
  });
  ({ records, rows: reportRows, format } = report);
}
const seconds = (performance.now() - start) / 1000;
const { maxRSS } = process.resourceUsage();
console.log(JSON.stringify({ rows, records, reportRows, format, seconds, maxRssKiB: maxRSS, heapLimitMiB: getHeapStatistics().heap_size_limit / 2 ** 20 }));
