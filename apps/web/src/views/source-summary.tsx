/** The file being explored: its name and size, the format the front door detected, and what reading it lost. */
import { describeFormat } from "@whileai/ingest";
import type { SourceFacts } from "../load/load-protocol.js";
import { bytes, counted } from "./format.js";
import { SourceLosses } from "./source-losses.js";

export function SourceSummary({ source }: { source: SourceFacts }) {
  const { report } = source;
  // Records and rows differ when rows are assembled from many records (OTLP spans, session lines).
  const from = report.records === source.rowCount ? "" : ` from ${counted(report.records, "record")}`;
  return (
    <div class="source-summary">
      <p data-testid="file-summary">
        <strong>{source.name}</strong>
        {` (${bytes(source.bytes)}${report.gzip ? ", gzip" : ""}): `}
        <span class="format" data-testid="file-format" data-format={report.format}>{describeFormat(report.format)}</span>
        {`, ${counted(source.rowCount, "row")} read${from}`}
      </p>
      <SourceLosses id="trace" report={report} />
    </div>
  );
}
