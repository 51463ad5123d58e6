// Public surface of @whileai/traces. Each module adds its own export line.
export * as py from "./py/index.js";
export * from "./constants.js";
