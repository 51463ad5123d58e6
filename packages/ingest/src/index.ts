// Public surface of @whileai/ingest: bytes of any trace export into canonical rows.
export type { Problem, ProblemSink, RecordReader, SourceRecord } from "./reader.js";
