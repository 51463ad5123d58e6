/**
 * `loadTraces` of the browser-safe build, typed as the Node build's. TypeScript's `bundler`
 * resolution sets no platform condition, so it reads this build's types whatever the bundle
 * targets, while a Node, Bun or Deno bundle runs the Node build, where a path reads a JSONL file
 * as Python's `load_traces(path)` does. Typed as the browser function, a path would come out as
 * `never`. In a browser, a path throws a TypeError naming the Node entry.
 */
import { loadTraces as loadRows } from "@whileai/traces";
import type { loadTraces as loadRowsOrFile } from "@whileai/traces/node";

export const loadTraces: typeof loadRowsOrFile = loadRows as typeof loadRowsOrFile;
