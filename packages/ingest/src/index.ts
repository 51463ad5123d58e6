// Public surface of @whileai/ingest: the bytes of any trace export into canonical rows.
export { readTraces, streamTraces } from "./read.js";
export type { ReadTracesOptions, RowBatchSink, SpansByConversation } from "./read.js";
export type { RandomAccessBytes, TraceBytes } from "./bytes.js";
export { encodeRows, rowFileFormat, ROW_FILE_FORMATS } from "./write-rows.js";
export type { RowFileFormat } from "./write-rows.js";
export { detectFormat } from "./detect.js";
export { TRACE_FORMATS, describeFormat } from "./formats.js";
export type { TraceFormat } from "./formats.js";
export { describeLosses, describeSource, lossPhrases, PROBLEMS_LISTED } from "./report.js";
export type { ReportedProblem, SourceReport } from "./report.js";
export { TraceReadError } from "./errors.js";
export { isWhileaiError, WhileaiError } from "@whileai/traces";
export { RECORD_READERS } from "./readers/index.js";
export type { Problem, ProblemSink, RecordReader, SourceRecord } from "./reader.js";
