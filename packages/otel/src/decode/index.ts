// Browser-safe decoding of OTLP trace bodies into OTLP/JSON objects (no Node built-ins here).
export { OtlpDecodeError } from "./otlp-decode-error.js";
export type { OtlpDecodeErrorDetails } from "./otlp-decode-error.js";
export type { OtlpJsonValue, OtlpTracesJson } from "./otlp-json-types.js";
export { decodeOtlpProtobuf } from "./protobuf.js";
export { parseOtlpJson } from "./json.js";
export type { ParseOtlpJsonOptions } from "./json.js";
export { readOtlpJsonLines } from "./jsonl.js";
export type { OtlpJsonLinesSource, OtlpJsonLinesSummary, ReadOtlpJsonLinesOptions } from "./jsonl.js";
export { gunzipWeb, isGzip } from "./gzip.js";
export type { Gunzip } from "./gzip.js";
export { otlpContentEncoding, sniffOtlpBody } from "./sniff.js";
export type { OtlpBodyHints, OtlpBodyKind } from "./sniff.js";
export { decodeOtlp, decodeOtlpText } from "./decode-otlp.js";
export type { DecodeOtlpOptions } from "./decode-otlp.js";
