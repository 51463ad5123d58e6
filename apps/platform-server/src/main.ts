/** `pnpm --filter platform-server start`: serve the local platform and print its URL and a dev API key. */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { createPlatformServer } from "./server.js";

/** A secret kept in the data directory (0600), made on first start, so URLs and the dev key survive restarts. */
function persistentSecret(dataDir: string, file: string, make: () => string): string {
  const path = join(dataDir, file);
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    const value = make();
    writeFileSync(path, value + "\n", { mode: 0o600 });
    return value;
  }
}

const env = process.env;
const dataDir = env["WHILEAI_SERVER_DATA"] ?? join(homedir(), ".whileai", "server");
mkdirSync(dataDir, { recursive: true });
const signingKey = env["WHILEAI_SIGNING_KEY"] || persistentSecret(dataDir, "signing-key", () => randomBytes(32).toString("base64url"));
const devKey = persistentSecret(dataDir, "dev-api-key", () => `wai_dev_${randomBytes(24).toString("base64url")}`);

const server = await createPlatformServer({
  dataDir,
  signingKey,
  port: Number(env["PORT"] ?? 8787),
  host: env["HOST"] ?? "127.0.0.1",
});
server.ensureAccountKey("dev", devKey);
console.log(`whileai local platform on ${server.url} (data in ${dataDir})`);
console.log(`dev API key: ${devKey}`);
console.log(`use it: WHILEAI_API_URL=${server.url} WHILEAI_API_KEY=${devKey}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
