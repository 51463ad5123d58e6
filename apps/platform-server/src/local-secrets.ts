/**
 * The local platform's two secrets, made on first start so presigned URLs and the dev API key
 * survive restarts: the embedded platform keeps them in its data directory (mode 0600); a team
 * platform on PostgreSQL keeps them in the database, so every server shares them. Shared by
 * `main.ts` and `wai serve`, so both read and write the same ones.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PlatformServer } from "./server.js";

/** The account the dev API key belongs to. */
export const DEV_ACCOUNT = "dev";

export interface LocalSecrets {
  /** HMAC key of presigned URLs (`signing-key` in the data directory). */
  signingKey: string;
  /** API key of the `dev` account (`dev-api-key` in the data directory). */
  devKey: string;
}

/** A secret read from `dataDir/file`, or made and written there when the file is missing. */
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

const makeDevKey = () => `wai_dev_${randomBytes(24).toString("base64url")}`;

/** The data directory's secrets (the directory is created if missing); `signingKey` overrides the stored one. */
export function localSecrets(dataDir: string, options: { signingKey?: string | null } = {}): LocalSecrets {
  mkdirSync(dataDir, { recursive: true });
  const signingKey = options.signingKey || persistentSecret(dataDir, "signing-key", () => randomBytes(32).toString("base64url"));
  const devKey = persistentSecret(dataDir, "dev-api-key", makeDevKey);
  return { signingKey, devKey };
}

/**
 * The signing key to start a server with: `override` (WHILEAI_SIGNING_KEY), else the data
 * directory's; with a database, none, so the server takes the one the database keeps.
 */
export function signingKeyFor(dataDir: string, database: string | null, override?: string | null): string | undefined {
  if (override) return override;
  return database ? undefined : localSecrets(dataDir).signingKey;
}

/** The dev API key (the data directory's, or with a database the one it keeps), registered for the `dev` account. */
export async function registerDevKey(server: Pick<PlatformServer, "ensureAccountKey" | "sharedSecret">, dataDir: string, database: string | null): Promise<string> {
  const devKey = database ? await server.sharedSecret("dev-api-key", makeDevKey) : localSecrets(dataDir).devKey;
  await server.ensureAccountKey(DEV_ACCOUNT, devKey);
  return devKey;
}

/** `WHILEAI_DATABASE_URL`: the PostgreSQL of a team deployment, or null for the embedded database. */
export function databaseFromEnv(env: Record<string, string | undefined>): string | null {
  return env["WHILEAI_DATABASE_URL"] || null;
}

/** The Hugging Face Hub a local platform reaches for its hf routes (see `hub` of `createPlatformServer`). */
export interface LocalHub {
  token: string;
  endpoint: string;
}

/**
 * `WHILEAI_HF_TOKEN` and `WHILEAI_HF_ENDPOINT` (default https://huggingface.co; another Hub, or a
 * local stand-in, by its URL), or null without a token: the hf routes then answer 501.
 */
export function hubFromEnv(env: Record<string, string | undefined>): LocalHub | null {
  const token = env["WHILEAI_HF_TOKEN"];
  return token ? { token, endpoint: env["WHILEAI_HF_ENDPOINT"] || "https://huggingface.co" } : null;
}
