/**
 * Delegated credentials: short-lived keys an account mints for a job (CI, a notebook), each
 * usable as `X-Api-Key` until it expires or is revoked. Kept in the platform database, hashed
 * as API keys are, so a leaked database holds no working credential.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Database, Sql } from "./db/database.js";

/** The hosted platform's prefix (its README shows `zp_dc_…`), so either kind reads the same in logs. */
export const CREDENTIAL_PREFIX = "zp_dc_";

export interface CredentialRecord {
  account: string;
  name: string;
  /** Unix seconds. */
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

interface CredentialRow {
  account: string;
  name: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

function hash(credential: string): string {
  return createHash("sha256").update(credential).digest("hex");
}

/** Why a credential does not authenticate now, or null when it does. */
export function unusable(record: CredentialRecord, nowSeconds: number): string | null {
  if (record.revokedAt !== null) return "delegated credential was revoked";
  if (nowSeconds >= record.expiresAt) return "delegated credential expired";
  return null;
}

export class CredentialStore {
  constructor(private readonly db: Database) {}

  /** A new credential for the account; the plain value is returned once, only its hash is kept. */
  issue(account: string, name: string, nowSeconds: number, ttlSeconds: number): Promise<{ credential: string; record: CredentialRecord }> {
    return issueOn(this.db, account, name, nowSeconds, ttlSeconds);
  }

  /** The credential's record (live, expired or revoked), or null when it was never issued. */
  async find(credential: string): Promise<CredentialRecord | null> {
    if (!credential.startsWith(CREDENTIAL_PREFIX)) return null;
    const row = await this.db.get<CredentialRow>("SELECT account, name, created_at, expires_at, revoked_at FROM delegated_credentials WHERE key_hash = ?", [hash(credential)]);
    if (!row) return null;
    return { account: row.account, name: row.name, createdAt: row.created_at, expiresAt: row.expires_at, revokedAt: row.revoked_at };
  }

  /** Marks it revoked (a second revoke keeps the first time). */
  revoke(credential: string, nowSeconds: number): Promise<void> {
    return revokeOn(this.db, credential, nowSeconds);
  }

  /** Revokes `old` and issues its successor under the same name, in one transaction. */
  rotate(old: string, record: CredentialRecord, nowSeconds: number, ttlSeconds: number): Promise<{ credential: string; record: CredentialRecord }> {
    return this.db.transaction(async (tx) => {
      await revokeOn(tx, old, nowSeconds);
      return issueOn(tx, record.account, record.name, nowSeconds, ttlSeconds);
    });
  }
}

async function issueOn(sql: Sql, account: string, name: string, nowSeconds: number, ttlSeconds: number): Promise<{ credential: string; record: CredentialRecord }> {
  const credential = `${CREDENTIAL_PREFIX}${randomBytes(24).toString("base64url")}`;
  const record: CredentialRecord = { account, name, createdAt: nowSeconds, expiresAt: nowSeconds + ttlSeconds, revokedAt: null };
  await sql.run("INSERT INTO delegated_credentials (key_hash, account, name, created_at, expires_at) VALUES (?, ?, ?, ?, ?)", [
    hash(credential),
    account,
    name,
    record.createdAt,
    record.expiresAt,
  ]);
  return { credential, record };
}

async function revokeOn(sql: Sql, credential: string, nowSeconds: number): Promise<void> {
  await sql.run("UPDATE delegated_credentials SET revoked_at = COALESCE(revoked_at, ?) WHERE key_hash = ?", [nowSeconds, hash(credential)]);
}
