/** Python semantics the port relies on, in one place (traces.md §0). */
export * from "./values.js";
export * from "./text.js";
export * from "./repr.js";
export * from "./json.js";
export * from "./number.js";
export * from "./sort.js";
export * from "./items.js";
