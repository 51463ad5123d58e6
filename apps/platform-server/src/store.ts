/** The SQLite database (WAL) behind the server: accounts, their API keys (hashed) and datasets. */
import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import Database from "better-sqlite3";

export interface DatasetRecord {
  datasetId: string;
  account: string;
  name: string;
  status: "pending" | "ready";
  purpose: string;
  mode: string | null;
  agent: string | null;
  description: string | null;
  parentDatasetId: string | null;
  sizeBytes: number;
  rows: number;
  parts: [number, number][];
  createdAt: string;
}

interface DatasetRow {
  id: string;
  account: string;
  name: string;
  status: "pending" | "ready";
  purpose: string;
  mode: string | null;
  agent: string | null;
  description: string | null;
  parent: string | null;
  size_bytes: number;
  rows: number;
  parts: string;
  created_at: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS api_keys (key_hash TEXT PRIMARY KEY, account TEXT NOT NULL REFERENCES accounts(id));
CREATE TABLE IF NOT EXISTS datasets (
  id TEXT PRIMARY KEY, account TEXT NOT NULL REFERENCES accounts(id), name TEXT NOT NULL,
  status TEXT NOT NULL, purpose TEXT NOT NULL, mode TEXT, agent TEXT, description TEXT, parent TEXT,
  size_bytes INTEGER NOT NULL DEFAULT 0, rows INTEGER NOT NULL DEFAULT 0, parts TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL, seq INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS datasets_by_account ON datasets(account, seq);
`;

// Keys are stored as their sha256 only: a leaked database does not leak working keys.
function keyHash(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function record(row: DatasetRow): DatasetRecord {
  return {
    datasetId: row.id,
    account: row.account,
    name: row.name,
    status: row.status,
    purpose: row.purpose,
    mode: row.mode,
    agent: row.agent,
    description: row.description,
    parentDatasetId: row.parent,
    sizeBytes: row.size_bytes,
    rows: row.rows,
    parts: JSON.parse(row.parts) as [number, number][],
    createdAt: row.created_at,
  };
}

export type DatasetMetaFields = Partial<Pick<DatasetRecord, "purpose" | "mode" | "agent" | "description">>;

export class Store {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    this.db = new Database(join(dataDir, "platform.sqlite"));
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("foreign_keys = ON");
    this.db.exec(SCHEMA);
  }

  close(): void {
    this.db.close();
  }

  /** A new account and its first API key (returned once; only its hash is kept). */
  createAccount(name: string): { account: string; apiKey: string } {
    const account = `acct_${randomBytes(8).toString("hex")}`;
    const apiKey = `wai_${randomBytes(24).toString("base64url")}`;
    this.db.transaction(() => {
      this.db.prepare("INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?)").run(account, name, new Date().toISOString());
      this.addKey(account, apiKey);
    })();
    return { account, apiKey };
  }

  addKey(account: string, apiKey: string): void {
    this.db.prepare("INSERT OR IGNORE INTO api_keys (key_hash, account) VALUES (?, ?)").run(keyHash(apiKey), account);
  }

  accountByName(name: string): string | null {
    const row = this.db.prepare("SELECT id FROM accounts WHERE name = ? ORDER BY created_at LIMIT 1").get(name) as { id: string } | undefined;
    return row ? row.id : null;
  }

  accountForKey(apiKey: string): string | null {
    const row = this.db.prepare("SELECT account FROM api_keys WHERE key_hash = ?").get(keyHash(apiKey)) as { account: string } | undefined;
    return row ? row.account : null;
  }

  createDataset(d: Pick<DatasetRecord, "datasetId" | "account" | "name" | "purpose" | "mode" | "agent" | "description" | "parentDatasetId">): void {
    this.db
      .prepare(
        `INSERT INTO datasets (id, account, name, status, purpose, mode, agent, description, parent, created_at, seq)
         VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM datasets))`,
      )
      .run(d.datasetId, d.account, d.name, d.purpose, d.mode, d.agent, d.description, d.parentDatasetId, new Date().toISOString());
  }

  /** Any account's dataset: presigned URLs carry no key, their signature names the dataset. */
  dataset(id: string): DatasetRecord | null {
    const row = this.db.prepare("SELECT * FROM datasets WHERE id = ?").get(id) as DatasetRow | undefined;
    return row ? record(row) : null;
  }

  /** The dataset only when `account` owns it: another account's looks exactly like a missing one. */
  ownDataset(account: string, id: string): DatasetRecord | null {
    const row = this.db.prepare("SELECT * FROM datasets WHERE id = ? AND account = ?").get(id, account) as DatasetRow | undefined;
    return row ? record(row) : null;
  }

  /** Ready datasets, newest first. */
  readyDatasets(account: string): DatasetRecord[] {
    const rows = this.db.prepare("SELECT * FROM datasets WHERE account = ? AND status = 'ready' ORDER BY seq DESC").all(account) as DatasetRow[];
    return rows.map(record);
  }

  markReady(id: string, sizeBytes: number, rows: number, parts: [number, number][]): void {
    this.db
      .prepare("UPDATE datasets SET status = 'ready', size_bytes = ?, rows = ?, parts = ? WHERE id = ?")
      .run(sizeBytes, rows, JSON.stringify(parts), id);
  }

  updateMeta(id: string, meta: DatasetMetaFields): void {
    const columns = (["purpose", "mode", "agent", "description"] as const).filter((k) => meta[k] !== undefined);
    if (columns.length === 0) return;
    const set = columns.map((c) => `${c} = ?`).join(", ");
    this.db.prepare(`UPDATE datasets SET ${set} WHERE id = ?`).run(...columns.map((c) => meta[c] ?? null), id);
  }

  deleteDataset(id: string): void {
    this.db.prepare("DELETE FROM datasets WHERE id = ?").run(id);
  }
}
