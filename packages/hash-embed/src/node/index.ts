/** @whileai/hash-embed/node: everything of the main entry, with a `scanLeakage` that uses worker threads. */
export * from "../index.js";
export { scanLeakage } from "./scan-leakage.js";
