/**
 * A Node `--import` module for the startup test: it records every module specifier the program
 * resolves, as JSON lines `{ specifier, parent, url }`, to the file named by WAI_RECORD_IMPORTS.
 * Plain JavaScript because Node loads it before anything could compile TypeScript.
 *
 *   WAI_RECORD_IMPORTS=/tmp/imports.jsonl node --import ./record-imports.mjs dist/bin.js --help
 *
 * Node runs resolve hooks on a separate thread: the main thread registers this same file as the
 * hooks module, and the hooks thread appends each resolution synchronously, so the file is
 * complete when the process exits.
 */
import { appendFileSync } from "node:fs";
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

/** @type {string | undefined} */
let logFile;

/** Hooks thread: receives the log file from the main thread's `register` call. */
export function initialize(/** @type {{ logFile: string }} */ data) {
  logFile = data.logFile;
}

/** Hooks thread: resolve as usual, then record what was asked for, by whom, and what it became. */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (logFile !== undefined) appendFileSync(logFile, `${JSON.stringify({ specifier, parent: context.parentURL ?? null, url: resolved.url })}\n`);
  return resolved;
}

if (isMainThread) {
  const file = process.env.WAI_RECORD_IMPORTS;
  if (!file) throw new Error("record-imports.mjs: set WAI_RECORD_IMPORTS to the file the resolved modules go to");
  register(import.meta.url, { data: { logFile: file } });
}
