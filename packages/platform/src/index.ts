export * from "./constants.js";
export { formatCuts } from "./format-cuts.js";
export type { FormatCutsOptions } from "./format-cuts.js";
export { PlatformError } from "./platform-error.js";
export type { PlatformErrorFields } from "./platform-error.js";
export { putTimeoutFor } from "./put-timeout.js";
export { splitHoldout } from "./split-holdout.js";
