/**
 * `wai serve`: the local whileai platform (apps/platform-server) on this machine, with the same
 * data directory, signing key and dev API key as `pnpm --filter @whileai/platform-server start`.
 */
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { createPlatformServer } from "@whileai/platform-server";
import { DEV_ACCOUNT, hubFromEnv, localSecrets } from "@whileai/platform-server/local-secrets";
import { note, writeJson, writeText } from "../output.js";
import { interruptSignal } from "../signals.js";
import { listenError, parsePort, untilAborted } from "./servers.js";

interface ServeOptions {
  port: number;
  host: string;
  dataDir?: string;
  json?: boolean;
}

async function serve(options: ServeOptions): Promise<void> {
  const dataDir = resolve(options.dataDir ?? process.env["WHILEAI_SERVER_DATA"] ?? join(homedir(), ".whileai", "server"));
  const { signingKey, devKey } = localSecrets(dataDir, { signingKey: process.env["WHILEAI_SIGNING_KEY"] });
  const hub = hubFromEnv(process.env);
  const interrupt = interruptSignal();
  try {
    const server = await createPlatformServer({ dataDir, signingKey, hub, port: options.port, host: options.host }).catch((error: unknown) =>
      listenError(error, "the local platform", options.host, options.port),
    );
    server.ensureAccountKey(DEV_ACCOUNT, devKey);
    if (options.json) writeJson({ url: server.url, apiKey: devKey, dataDir, hfEndpoint: hub?.endpoint ?? null });
    else {
      writeText(
        [
          `whileai local platform on ${server.url} (data in ${dataDir})`,
          `dev API key: ${devKey}`,
          "use it from another shell:",
          `  export WHILEAI_API_URL=${server.url}`,
          `  export WHILEAI_API_KEY=${devKey}`,
        ].join("\n"),
      );
    }
    note(hub ? `Hugging Face routes push to ${hub.endpoint}` : "Hugging Face routes are off (501): set WHILEAI_HF_TOKEN (and WHILEAI_HF_ENDPOINT) to turn them on");
    note("Ctrl-C stops it");
    await untilAborted(interrupt.signal);
    await server.close();
    note("local platform stopped");
  } finally {
    interrupt.dispose();
  }
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
    .action(serve);
}
