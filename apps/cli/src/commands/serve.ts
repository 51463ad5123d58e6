/**
 * `wai serve`: the local whileai platform (apps/platform-server) on this machine, with the same
 * data directory, signing key and dev API key as `pnpm --filter @whileai/platform-server start`.
 * This module only declares the command; the server (SQLite included) loads in `serve-run.ts` when it runs.
 */
import type { Command } from "commander";
import { parsePort } from "./servers.js";

export interface ServeOptions {
  port: number;
  host: string;
  dataDir?: string;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command("serve")
    .description("Run the local whileai platform: datasets, catalog, agents, OTLP traces, scores and cuts, on SQLite and files.")
    .option("--port <port>", "port to listen on (0 picks a free one)", parsePort, 8787)
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--data-dir <dir>", "where the database, blobs, signing key and dev API key live (default: $WHILEAI_SERVER_DATA, else ~/.whileai/server)")
    .option("--json", "print {url, apiKey, dataDir} as JSON once listening")
    .addHelpText(
      "after",
      `
The signing key and the dev API key are made on first start and kept in the data directory,
so presigned URLs and the key survive restarts. WHILEAI_SIGNING_KEY overrides the stored
signing key. WHILEAI_HF_TOKEN (and WHILEAI_HF_ENDPOINT, default https://huggingface.co) turn
on the Hugging Face routes (wai hf). SIGINT or SIGTERM closes the server and exits 0.

Example:
  $ wai serve --port 8787 --data-dir ./platform-data
  $ WHILEAI_API_URL=http://127.0.0.1:8787 WHILEAI_API_KEY=<dev key> wai datasets
`,
    )
    .action(async (options: ServeOptions) => {
      const { runServe } = await import("./serve-run.js");
      await runServe(options);
    });
}
