/** Node entry: everything of the main entry, with the undici + credentials-file runtime installed. */
import { setPlatformRuntime } from "../runtime.js";
import { nodeRuntime } from "./runtime.js";

setPlatformRuntime(nodeRuntime);

export * from "../index.js";
export { createNodeRuntime, nodeRuntime } from "./runtime.js";
export type { NodeRuntimeOptions } from "./runtime.js";
export { credentialsPath, removeApiKey, saveApiKey, type RemovedApiKey } from "./save-credentials.js";
export { pushFile } from "./push-file.js";
export type { PushFileOptions } from "./push-file.js";
// Shadows the main entry's rows-only `pull`: this one also streams to a path.
export { pull } from "./pull.js";
// The Hub functions: Node users get them from the package root as well as from `/hub`.
export * from "../hub.js";
export { hubPushFile } from "./hub-push-file.js";
