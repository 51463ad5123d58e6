/**
 * `pnpm --filter @whileai/platform-server start`: serve the local platform and print its URL and a
 * dev API key (WHILEAI_DATABASE_URL: on PostgreSQL; WHILEAI_EXPLORER_DIR, a folder of the web
 * explorer's build such as apps/web/dist: the page and its live view at /, as `wai serve --ui`).
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { databaseFromEnv, hubFromEnv, registerDevKey, signingKeyFor } from "./local-secrets.js";
import { createPlatformServer } from "./server.js";

const env = process.env;
const dataDir = env["WHILEAI_SERVER_DATA"] ?? join(homedir(), ".whileai", "server");
const database = databaseFromEnv(env);

// The hf routes need a Hub token; the endpoint defaults to huggingface.co (another Hub, or a local stand-in, via the URL).
const hub = hubFromEnv(env);

const server = await createPlatformServer({
  dataDir,
  database,
  signingKey: signingKeyFor(dataDir, database, env["WHILEAI_SIGNING_KEY"]),
  hub,
  port: Number(env["PORT"] ?? 8787),
  host: env["HOST"] ?? "127.0.0.1",
  explorerDir: env["WHILEAI_EXPLORER_DIR"] || null,
});
const devKey = await registerDevKey(server, dataDir, database);
console.log(`whileai local platform on ${server.url} (${server.database ? `database ${server.database}, blobs in ${dataDir}` : `data in ${dataDir}`})`);
console.log(`dev API key: ${devKey}`);
console.log(`use it: WHILEAI_API_URL=${server.url} WHILEAI_API_KEY=${devKey}`);
if (env["WHILEAI_EXPLORER_DIR"]) console.log(`trace explorer, live: ${server.url}/ (it asks for an API key)`);
console.log(hub ? `Hugging Face routes push to ${hub.endpoint}` : "Hugging Face routes are off (501): set WHILEAI_HF_TOKEN (and WHILEAI_HF_ENDPOINT) to turn them on");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
