#!/usr/bin/env node
/** The `wai` executable: run the program and exit with its code once stdout has drained. */
import { runCli } from "./program.js";

const code = await runCli(process.argv.slice(2));
// Setting exitCode (not process.exit) lets piped stdout finish writing before the process ends.
process.exitCode = code;
