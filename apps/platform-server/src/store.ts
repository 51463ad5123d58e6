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
CREATE TABLE IF NOT EXISTS publications (
  dataset TEXT PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE, agent TEXT NOT NULL, description TEXT,
  published_at TEXT NOT NULL, seq INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS profiles (dataset TEXT PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE, profile TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS agents (
  account TEXT NOT NULL REFERENCES accounts(id), slug TEXT NOT NULL, name TEXT NOT NULL, description TEXT,
  tools TEXT, system_prompt TEXT, created_at TEXT NOT NULL, PRIMARY KEY (account, slug)
);
`;

/** A published dataset as the public catalog shows it. */
export interface CardRecord {
  datasetId: string;
  account: string;
  name: string;
  agent: string;
  description: string | null;
  rows: number;
  sizeBytes: number;
  publishedAt: string;
}

/** An agent registered by `POST /agents`. */
export interface AgentRecord {
  slug: string;
  name: string;
  description: string | null;
  tools: unknown[] | null;
  systemPrompt: string | null;
  createdAt: string;
}

interface AgentRow {
  slug: string;
  name: string;
  description: string | null;
  tools: string | null;
  system_prompt: string | null;
  created_at: string;
}

// Aliased to the record's names, so a selected row is a CardRecord as it stands.
const CARD_SELECT = `SELECT d.id AS datasetId, d.account, d.name, p.agent, p.description, d.rows,
  d.size_bytes AS sizeBytes, p.published_at AS publishedAt FROM publications p JOIN datasets d ON d.id = p.dataset`;

function agent(row: AgentRow): AgentRecord {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    tools: row.tools === null ? null : (JSON.parse(row.tools) as unknown[]),
    systemPrompt: row.system_prompt,
    createdAt: row.created_at,
  };
}

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
  /** Shared with `TraceStore`, which keeps its tables in the same database. */
  readonly db: Database.Database;

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

  /** Ids of the pending datasets created before `createdBefore` (an ISO time). */
  pendingBefore(createdBefore: string): string[] {
    const rows = this.db.prepare("SELECT id FROM datasets WHERE status = 'pending' AND created_at < ?").all(createdBefore) as { id: string }[];
    return rows.map((r) => r.id);
  }

  deleteDataset(id: string): void {
    this.db.prepare("DELETE FROM datasets WHERE id = ?").run(id);
  }

  /** Publishes (or re-publishes, as the newest card) the dataset under `agent`. */
  publish(id: string, agent: string, description: string | null): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO publications (dataset, agent, description, published_at, seq)
         VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM publications))`,
      )
      .run(id, agent, description, new Date().toISOString());
  }

  /** True when a card was removed. */
  unpublish(id: string): boolean {
    return this.db.prepare("DELETE FROM publications WHERE dataset = ?").run(id).changes > 0;
  }

  /** The card of a published, ready dataset, else null. */
  card(id: string): CardRecord | null {
    return (this.db.prepare(`${CARD_SELECT} WHERE d.id = ? AND d.status = 'ready'`).get(id) as CardRecord | undefined) ?? null;
  }

  /** Every account's cards, newest publication first. */
  cards(): CardRecord[] {
    return this.db.prepare(`${CARD_SELECT} WHERE d.status = 'ready' ORDER BY p.seq DESC`).all() as CardRecord[];
  }

  /** The cached profile of a dataset (its bytes never change once ready), as JSON text. */
  profile(id: string): string | null {
    const row = this.db.prepare("SELECT profile FROM profiles WHERE dataset = ?").get(id) as { profile: string } | undefined;
    return row ? row.profile : null;
  }

  saveProfile(id: string, profile: string): void {
    this.db.prepare("INSERT OR REPLACE INTO profiles (dataset, profile) VALUES (?, ?)").run(id, profile);
  }

  /** Registers the agent, or updates the fields given (non-null) of an existing registration. */
  registerAgent(account: string, a: Omit<AgentRecord, "createdAt">): AgentRecord {
    this.db
      .prepare(
        `INSERT INTO agents (account, slug, name, description, tools, system_prompt, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (account, slug) DO UPDATE SET name = excluded.name,
           description = COALESCE(excluded.description, description),
           tools = COALESCE(excluded.tools, tools),
           system_prompt = COALESCE(excluded.system_prompt, system_prompt)`,
      )
      .run(account, a.slug, a.name, a.description, a.tools === null ? null : JSON.stringify(a.tools), a.systemPrompt, new Date().toISOString());
    return this.agents(account).find((r) => r.slug === a.slug)!;
  }

  /** The account's registered agents, by slug. */
  agents(account: string): AgentRecord[] {
    return (this.db.prepare("SELECT * FROM agents WHERE account = ? ORDER BY slug").all(account) as AgentRow[]).map(agent);
  }

  /** True when a registration was removed. */
  deleteAgent(account: string, slug: string): boolean {
    return this.db.prepare("DELETE FROM agents WHERE account = ? AND slug = ?").run(account, slug).changes > 0;
  }
}
