/**
 * Delegated credentials: short-lived keys an account mints for a job (CI, a notebook), each
 * usable as `X-Api-Key` until it expires or is revoked. Kept in the platform database, hashed
 * as API keys are, so a leaked database holds no working credential.
 */
import { createHash, randomBytes } from "node:crypto";
import type Database from "better-sqlite3";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS delegated_credentials (
  key_hash TEXT PRIMARY KEY, account TEXT NOT NULL REFERENCES accounts(id), name TEXT NOT NULL,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, revoked_at INTEGER
);
`;

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
  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
  }

  /** A new credential for the account; the plain value is returned once, only its hash is kept. */
  issue(account: string, name: string, nowSeconds: number, ttlSeconds: number): { credential: string; record: CredentialRecord } {
    const credential = `${CREDENTIAL_PREFIX}${randomBytes(24).toString("base64url")}`;
    const record: CredentialRecord = { account, name, createdAt: nowSeconds, expiresAt: nowSeconds + ttlSeconds, revokedAt: null };
    this.db
      .prepare("INSERT INTO delegated_credentials (key_hash, account, name, created_at, expires_at) VALUES (?, ?, ?, ?, ?)")
      .run(hash(credential), account, name, record.createdAt, record.expiresAt);
    return { credential, record };
  }

  /** The credential's record (live, expired or revoked), or null when it was never issued. */
  find(credential: string): CredentialRecord | null {
    if (!credential.startsWith(CREDENTIAL_PREFIX)) return null;
    const row = this.db.prepare("SELECT account, name, created_at, expires_at, revoked_at FROM delegated_credentials WHERE key_hash = ?").get(hash(credential)) as
      | CredentialRow
      | undefined;
    if (!row) return null;
    return { account: row.account, name: row.name, createdAt: row.created_at, expiresAt: row.expires_at, revokedAt: row.revoked_at };
  }

  /** Marks it revoked (a second revoke keeps the first time). */
  revoke(credential: string, nowSeconds: number): void {
    this.db.prepare("UPDATE delegated_credentials SET revoked_at = COALESCE(revoked_at, ?) WHERE key_hash = ?").run(nowSeconds, hash(credential));
  }

  /** Revokes `old` and issues its successor under the same name, in one transaction. */
  rotate(old: string, record: CredentialRecord, nowSeconds: number, ttlSeconds: number): { credential: string; record: CredentialRecord } {
    return this.db.transaction(() => {
      this.revoke(old, nowSeconds);
      return this.issue(record.account, record.name, nowSeconds, ttlSeconds);
    })();
  }
}
