/**
 * Parquet through hyparquet (pure JS, browser and Node) with hyparquet-compressors for every
 * common codec (snappy, gzip, zstd, brotli, lz4). The footer is read first, then one row group at
 * a time through ranged reads, so memory holds one decoded row group, not the file.
 */
import type { AsyncBuffer, FileMetaData } from "hyparquet";
import { TraceReadError } from "../errors.js";
import { addUnreadable, UNREADABLE_ROW_GROUP } from "../report.js";
import type { TableContext } from "./table-source.js";
import { jsonObject } from "./values.js";

export async function readParquet(file: AsyncBuffer, ctx: TableContext): Promise<void> {
  const [{ parquetMetadataAsync, parquetReadObjects }, { compressors }] = await Promise.all([import("hyparquet"), import("hyparquet-compressors")]);
  let metadata: FileMetaData;
  try {
    metadata = await parquetMetadataAsync(file);
  } catch (error) {
    throw new TraceReadError(ctx.name, `not a readable Parquet file: ${reason(error)}`, { cause: error });
  }
  const groups = metadata.row_groups;
  let start = 0;
  for (let g = 0; g < groups.length; g++) {
    ctx.signal?.throwIfAborted();
    const count = Number(groups[g].num_rows);
    const end = start + count;
    const where = `row group ${g + 1} of ${groups.length} (rows ${start + 1}-${end})`;
    let rows: Record<string, unknown>[];
    try {
      // utf8: false keeps unannotated BYTE_ARRAY columns binary (then base64); strings are annotated.
      rows = await parquetReadObjects({ file, metadata, rowStart: start, rowEnd: end, compressors, utf8: false });
    } catch (error) {
      if (ctx.onInvalid !== "skip") throw new TraceReadError(ctx.name, `${where}: ${reason(error)}`, { cause: error });
      addUnreadable(ctx.report, count, { kind: "dropped", reason: UNREADABLE_ROW_GROUP, record: start + 1, detail: `${where}: ${reason(error)}` });
      start = end;
      continue;
    }
    ctx.report.records += rows.length;
    for (let i = 0; i < rows.length; i++) {
      const wait = ctx.push(jsonObject(Object.entries(rows[i])), { record: start + i + 1 });
      if (wait) await wait;
    }
    start = end;
  }
}

/** hyparquet's messages start with "parquet "; the error already says it is Parquet. */
function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^parquet /, "");
}
