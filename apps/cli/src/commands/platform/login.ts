/**
 * `wai login`: store an API key where the platform commands, the TypeScript client and the Python
 * SDK all read it; `--logout` forgets it. This module only declares it; `login-run.ts` does it.
 */
import type { Command } from "commander";
import { examples } from "./connection.js";

export interface LoginOptions {
  logout?: boolean;
  json?: boolean;
}

export function registerLogin(program: Command): void {
  program
    .command("login")
    .description("Store your API key for the platform commands (credentials.json in $WHILEAI_HOME, else ~/.whileai).")
    .option("--logout", "remove the stored key instead, and say whether there was one")
    .option("--json", "print the file and what was done as JSON")
    .addHelpText(
      "after",
      `
The key is read from stdin when stdin is not a terminal (one line), else typed at a prompt that
does not show it; it is never printed. The file is written with mode 0600, other keys in it are
kept, and the Python SDK reads the same file. WHILEAI_DELEGATED_CREDENTIAL and WHILEAI_API_KEY,
when set, are used before the stored key; --api-key before all of them.
${examples("wai login", "wai login < key.txt", "wai login --logout")}`,
    )
    .action(async (options: LoginOptions) => (await import("./login-run.js")).runLogin(options));
}
