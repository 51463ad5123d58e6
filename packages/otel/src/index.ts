export { rowsFromOtel } from "./rows-from-otel.js";
export type { RowsFromOtelOptions } from "./rows-from-otel.js";
export type { OtelRow, OtelStep } from "./assemble.js";
export type { ToolStep } from "./tool-span.js";
export * from "./constants.js";
export * from "./decode/index.js";
