/**
 * `@whileai/otel/node`: everything in `@whileai/otel`, plus reading OTLP files and gunzip with
 * node:zlib. Only this entry touches Node built-ins, so the main entry bundles for browsers.
 */
export * from "../index.js";
export { gunzipNode } from "./gunzip-node.js";
export { readOtlpFile } from "./read-otlp-file.js";
export type { OtlpFileFormat, ReadOtlpFileOptions, ReadOtlpFileSummary } from "./read-otlp-file.js";
export { startOtlpReceiver } from "./otlp-receiver.js";
export type { OtlpReceiver, OtlpReceiverOptions, OtlpReceiverStats } from "./otlp-receiver.js";
export { createLiveRowStream } from "./live-row-stream.js";
export type { LiveRowStream, LiveRowStreamOptions } from "./live-row-stream.js";
export { explorerPage } from "./explorer-page.js";
export type { ExplorerPage, ExplorerPageOptions } from "./explorer-page.js";
