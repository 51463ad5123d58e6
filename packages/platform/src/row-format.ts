/**
 * Which row file format a path names, for `hubPush` and the Node `pull`: `.parquet`, `.csv` and
 * `.tsv` (any case) are written through `@whileai/ingest`'s writers, loaded only then; every other
 * path (`.jsonl`, `.ndjson`, `.json`, no extension) stays JSON Lines, as before. Kept here rather
 * than calling ingest's `rowFileFormat` so that deciding costs no import of `@whileai/ingest`.
 */
import type { RowFileFormat } from "@whileai/ingest";

/** The formats other than JSON Lines that `@whileai/ingest` writes. */
export type TabularRowFormat = Exclude<RowFileFormat, "jsonl">;

const TABULAR: Record<string, TabularRowFormat> = { parquet: "parquet", csv: "csv", tsv: "tsv" };

/** `"parquet"`, `"csv"` or `"tsv"` when the path's extension names one, else undefined (JSON Lines). */
export function tabularRowFormat(path: string): TabularRowFormat | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : TABULAR[extension];
}
