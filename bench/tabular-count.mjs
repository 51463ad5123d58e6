// The child process of bench/tabular.bench.mjs's memory check: streams one trace file through the
// front door (`streamTracesFile`) with a sink that only counts rows, then prints one JSON line with
// the count, the report's counts and the process's peak resident set. It imports nothing else, so
// its peak is the reader's own (plus Node's baseline). With --hyparquet it reads a Parquet file
// with hyparquet alone instead (a row group at a time, at file offsets, as the front door does,
// rows decoded and dropped): what the decode costs without the front door.
//   node bench/tabular-count.mjs FILE [--hyparquet]
import { open } from "node:fs/promises";
import { getHeapStatistics } from "node:v8";

const file = process.argv[2];
if (!file) {
  console.error("usage: node bench/tabular-count.mjs FILE [--hyparquet]");
  process.exit(2);
}
let rows = 0;
let records;
let reportRows;
let format;
const start = performance.now();
if (process.argv.includes("--hyparquet")) {
  const [{ parquetMetadataAsync, parquetReadObjects }, { compressors }] = await Promise.all([import("hyparquet"), import("hyparquet-compressors")]);
  const handle = await open(file, "r");
  const byteLength = (await handle.stat()).size;
  const asyncBuffer = {
    byteLength,
    async slice(from, to = byteLength) {
      const bytes = new Uint8Array(to - from);
      for (let done = 0; done < bytes.length; ) done += (await handle.read(bytes, done, bytes.length - done, from + done)).bytesRead;
      return bytes.buffer;
    },
  };
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
