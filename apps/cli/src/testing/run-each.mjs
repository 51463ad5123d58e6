/**
 * The startup test's driver for many `--help` runs in one Node process (instead of one process
 * each): it runs `runCli` of the built program once per argument list (JSON in argv[2]) and, with
 * `record-imports.mjs` loaded, appends a `{ "run": args }` line to WAI_RECORD_IMPORTS before each
 * run and `{ "run": args, "code": n }` after it, so every module resolved in between is that
 * run's. A module already loaded by an earlier run is not resolved again: the first run that
 * loads it is the one named. Plain JavaScript, as record-imports.mjs.
 *
 *   WAI_RECORD_IMPORTS=/tmp/imports.jsonl node --import ./record-imports.mjs ./run-each.mjs '[["report","--help"]]'
 */
import { appendFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";

const log = process.env.WAI_RECORD_IMPORTS;
if (!log) throw new Error("run-each.mjs: set WAI_RECORD_IMPORTS");
/** @type {string[][]} */
const runs = JSON.parse(process.argv[2] ?? "[]");
const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

for (const args of runs) {
  appendFileSync(log, `${JSON.stringify({ run: args })}\n`);
  // Imported inside the first run, so what the program itself loads is checked as part of it.
  const { runCli } = await import(new URL("../../dist/program.js", import.meta.url).href);
  const io = { stdin: Readable.from([]), stdout: discard(), stderr: discard(), env: process.env, cwd: process.cwd() };
  const code = await runCli(args, io);
  appendFileSync(log, `${JSON.stringify({ run: args, code })}\n`);
}
