/**
 * `wai serve`: the local whileai platform (apps/platform-server) on this machine, with the same
 * data directory, signing key and dev API key as `pnpm --filter @whileai/platform-server start`;
 * with `--database`, one server of a team deployment on a shared PostgreSQL.
 * This module only declares the command; the server (SQLite included) loads in `serve-run.ts` when it runs.
 */
import { type Command, InvalidArgumentError } from "commander";
import { parsePort } from "./servers.js";

/** A PostgreSQL URL (`postgres://` or `postgresql://`). */
export function parseDatabaseUrl(value: string): string {
  if (!/^postgres(ql)?:\/\//i.test(value)) throw new InvalidArgumentError("expected a PostgreSQL URL, postgres://user:password@host:5432/name");
  return value;
}

export interface ServeOptions {
  port: number;
  host: string;
  dataDir?: string;
  database?: string;
  migrateFrom?: string;
  ui?: boolean;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command("serve")
    .description("Run the local whileai platform: datasets, catalog, agents, OTLP traces, scores and cuts, on SQLite (or a shared PostgreSQL) and files.")
    .option("--port <port>", "port to listen on (0 picks a free one)", parsePort, 8787)
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--data-dir <dir>", "where the database, blobs, signing key and dev API key live (default: $WHILEAI_SERVER_DATA, else ~/.whileai/server); with --database, the blobs only")
    .option("--database <url>", "keep the rows in this PostgreSQL instead of SQLite, shared by every server given it (default: $WHILEAI_DATABASE_URL)", parseDatabaseUrl)
    .option("--migrate-from <dir>", "first copy the embedded platform in <dir> (its platform.sqlite, blobs and keys) into the empty --database, then serve")
    .option("--ui", "also serve the web explorer at / with a live view of the account's traces as they arrive (the page asks for the API key)")
    .option("--json", "print {url, apiKey, dataDir, database, hfEndpoint, explorer} as JSON once listening")
    .addHelpText(
      "after",
      `
The signing key and the dev API key are made on first start and kept in the data directory,
so presigned URLs and the key survive restarts. WHILEAI_SIGNING_KEY overrides the stored
signing key. WHILEAI_HF_TOKEN (and WHILEAI_HF_ENDPOINT, default https://huggingface.co) turn
on the Hugging Face routes (wai hf). SIGINT or SIGTERM closes the server and exits 0.

A team deployment: every server gets the same --database and the same --data-dir (a shared
folder for the blobs) and serves one platform behind a load balancer. Migrations run on start;
the signing key and the dev API key are kept in the database, made by the first server.

Example:
  $ wai serve --port 8787 --data-dir ./platform-data
  $ wai serve --ui          # then open http://127.0.0.1:8787/ and paste the dev API key
  $ WHILEAI_API_URL=http://127.0.0.1:8787 WHILEAI_API_KEY=<dev key> wai datasets
  $ wai serve --database postgres://whileai@db:5432/whileai --data-dir /shared/blobs --host 0.0.0.0
  $ wai serve --database postgres://whileai@db:5432/whileai --data-dir /shared/blobs --migrate-from ~/.whileai/server
`,
    )
    .action(async (options: ServeOptions) => {
      const { runServe } = await import("./serve-run.js");
      await runServe(options);
    });
}
