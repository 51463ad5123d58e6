#!/usr/bin/env node
/** The `wai` executable: run the program and exit with its code once stdout has drained. */
import { runCli } from "./program.js";

// `wai rows big.jsonl | head` closes our stdout early: stop quietly, as Unix tools do.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

const code = await runCli(process.argv.slice(2));
// Setting exitCode (not process.exit) lets piped stdout finish writing before the process ends.
process.exitCode = code;
