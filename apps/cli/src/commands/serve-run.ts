/** What `wai serve` does once its command line is parsed: start the local platform, print how to reach it, stop on Ctrl-C. */
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { createPlatformServer, migrateFromEmbedded } from "@whileai/platform-server";
import { databaseFromEnv, hubFromEnv, registerDevKey, signingKeyFor } from "@whileai/platform-server/local-secrets";
import { CliError } from "../errors.js";
import { currentIo } from "../io.js";
import { note, writeJson, writeText } from "../output.js";
import { interruptSignal } from "../signals.js";
import { EXPLORER_DIR, explorerUi } from "./explorer-ui.js";
import { parseDatabaseUrl, type ServeOptions } from "./serve.js";
import { listenError, untilAborted } from "./servers.js";

export async function runServe(options: ServeOptions): Promise<void> {
  const { env, cwd } = currentIo();
  const dataDir = resolve(cwd, options.dataDir ?? env["WHILEAI_SERVER_DATA"] ?? join(env["HOME"] || homedir(), ".whileai", "server"));
  const database = options.database ?? databaseOf(env);
  if (options.migrateFrom !== undefined) {
    if (!database) throw new CliError("--migrate-from copies into PostgreSQL: pass --database postgres://… (or set WHILEAI_DATABASE_URL)");
    const copied = await migrateFromEmbedded(resolve(cwd, options.migrateFrom), { database, dataDir });
    const rows = Object.entries(copied.rows).filter(([, n]) => n > 0).map(([table, n]) => `${table} ${n}`);
    note(`copied ${resolve(cwd, options.migrateFrom)}: ${rows.length ? `rows of ${rows.join(", ")}` : "no rows"}; ${copied.blobs} blob files; ${copied.secrets.join(" and ") || "no keys"}`);
  }
  const hub = hubFromEnv(env);
  // The explorer's files are checked before anything starts: a build without them fails in one line.
  if (options.ui) explorerUi();
  const explorerDir = options.ui ? EXPLORER_DIR : null;
  const interrupt = interruptSignal();
  try {
    const signingKey = signingKeyFor(dataDir, database, env["WHILEAI_SIGNING_KEY"]);
    const server = await createPlatformServer({ dataDir, database, signingKey, hub, port: options.port, host: options.host, explorerDir }).catch((error: unknown) =>
      listenError(error, "the local platform", options.host, options.port),
    );
    const devKey = await registerDevKey(server, dataDir, database);
    const explorer = explorerDir ? `${server.url}/` : null;
    if (options.json) writeJson({ url: server.url, apiKey: devKey, dataDir, database: server.database, hfEndpoint: hub?.endpoint ?? null, explorer });
    else {
      writeText(
        [
          `whileai local platform on ${server.url} (${server.database ? `database ${server.database}, blobs in ${dataDir}` : `data in ${dataDir}`})`,
          `dev API key: ${devKey}`,
          "use it from another shell:",
          `  export WHILEAI_API_URL=${server.url}`,
          `  export WHILEAI_API_KEY=${devKey}`,
          ...(explorer ? [`trace explorer, live: ${explorer} (it asks for an API key: the dev key above, or an account's)`] : []),
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

/** WHILEAI_DATABASE_URL, checked as --database is. */
function databaseOf(env: Record<string, string | undefined>): string | null {
  const url = databaseFromEnv(env);
  if (url === null) return null;
  try {
    return parseDatabaseUrl(url);
  } catch (error) {
    throw new CliError(`WHILEAI_DATABASE_URL: ${(error as Error).message}`);
  }
}

