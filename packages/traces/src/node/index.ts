/**
 * `@whileai/traces/node`: everything in `@whileai/traces`, plus reading JSONL files. Only this
 * entry touches Node built-ins, so the main entry bundles for browsers.
 */
export * from "../index.js";
// These two shadow the main entry's: the same functions, plus a file path as source.
export { loadTraces, loadTracesFile, loadTracesWithReport, INVALID_LINES_LISTED } from "./load-file.js";
export type { InvalidLines, LoadFileOptions, LoadFileReport } from "./load-file.js";
export { readJsonl } from "./read-jsonl.js";
export type { JsonlSummary, ReadJsonlOptions } from "./read-jsonl.js";
export { JsonlLineError } from "./jsonl-line-error.js";
