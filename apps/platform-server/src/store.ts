/** Accounts, their API keys (hashed), datasets, the catalog and agents, in the platform database (SQLite or PostgreSQL). */
import { createHash, randomBytes } from "node:crypto";
import type { Database, Sql } from "./db/database.js";

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
// Quoted, as PostgreSQL folds unquoted names to lower case.
const CARD_SELECT = `SELECT d.id AS "datasetId", d.account, d.name, p.agent, p.description, d.rows,
  d.size_bytes AS "sizeBytes", p.published_at AS "publishedAt" FROM publications p JOIN datasets d ON d.id = p.dataset`;

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

const datasetLock = (id: string) => `whileai:dataset:${id}`;

const ADD_KEY = "INSERT INTO api_keys (key_hash, account) VALUES (?, ?) ON CONFLICT (key_hash) DO NOTHING";

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
  /** Shared with the other stores (traces, credentials, hf), whose tables are in the same database. */
  constructor(readonly db: Database) {}

  close(): Promise<void> {
    return this.db.close();
  }

  /** A new account and its first API key (returned once; only its hash is kept). */
  async createAccount(name: string): Promise<{ account: string; apiKey: string }> {
    const account = `acct_${randomBytes(8).toString("hex")}`;
    const apiKey = `wai_${randomBytes(24).toString("base64url")}`;
    await this.db.transaction(async (tx) => {
      await tx.run("INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?)", [account, name, new Date().toISOString()]);
      await tx.run(ADD_KEY, [keyHash(apiKey), account]);
    });
    return { account, apiKey };
  }

  /**
   * Registers `apiKey` for the account named `name`, creating it when there is none. Under a lock
   * by that name, so servers starting at once on one database make one account, not one each.
   */
  async ensureAccountKey(name: string, apiKey: string): Promise<string> {
    return this.db.transaction(async (tx) => {
      await tx.lock(`whileai:account:${name}`);
      let account = (await tx.get<{ id: string }>("SELECT id FROM accounts WHERE name = ? ORDER BY created_at LIMIT 1", [name]))?.id;
      if (!account) {
        account = `acct_${randomBytes(8).toString("hex")}`;
        await tx.run("INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?)", [account, name, new Date().toISOString()]);
      }
      await tx.run(ADD_KEY, [keyHash(apiKey), account]);
      return account;
    });
  }

  async accountForKey(apiKey: string): Promise<string | null> {
    const row = await this.db.get<{ account: string }>("SELECT account FROM api_keys WHERE key_hash = ?", [keyHash(apiKey)]);
    return row ? row.account : null;
  }

  async createDataset(d: Pick<DatasetRecord, "datasetId" | "account" | "name" | "purpose" | "mode" | "agent" | "description" | "parentDatasetId">): Promise<void> {
    await this.db.run(
      `INSERT INTO datasets (id, account, name, status, purpose, mode, agent, description, parent, created_at, seq)
       VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ${this.db.nextSeq("datasets")})`,
      [d.datasetId, d.account, d.name, d.purpose, d.mode, d.agent, d.description, d.parentDatasetId, new Date().toISOString()],
    );
  }

  /** Any account's dataset: presigned URLs carry no key, their signature names the dataset. */
  async dataset(id: string): Promise<DatasetRecord | null> {
    const row = await this.db.get<DatasetRow>("SELECT * FROM datasets WHERE id = ?", [id]);
    return row ? record(row) : null;
  }

  /** The dataset only when `account` owns it: another account's looks exactly like a missing one. */
  async ownDataset(account: string, id: string): Promise<DatasetRecord | null> {
    const row = await this.db.get<DatasetRow>("SELECT * FROM datasets WHERE id = ? AND account = ?", [id, account]);
    return row ? record(row) : null;
  }

  /** Ready datasets, newest first. */
  async readyDatasets(account: string): Promise<DatasetRecord[]> {
    const rows = await this.db.all<DatasetRow>("SELECT * FROM datasets WHERE account = ? AND status = 'ready' ORDER BY seq DESC", [account]);
    return rows.map(record);
  }

  /** False when the dataset is gone (deleted meanwhile); `sql` is a transaction to do it in. */
  async markReady(id: string, sizeBytes: number, rows: number, parts: [number, number][], sql: Sql = this.db): Promise<boolean> {
    return (await sql.run("UPDATE datasets SET status = 'ready', size_bytes = ?, rows = ?, parts = ?, finalizing = NULL WHERE id = ?", [sizeBytes, rows, JSON.stringify(parts), id])) > 0;
  }

  /**
   * Claims the pending dataset for a finalize counting its bytes: from now on no upload lands on
   * it, at any server, until `markReady` (or `releaseFinalize`). False when it is not pending.
   * A second finalize may claim it again: both count the same bytes.
   */
  async claimForFinalize(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.lock(datasetLock(id));
      return (await tx.run("UPDATE datasets SET finalizing = ? WHERE id = ? AND status = 'pending'", [new Date().toISOString(), id])) > 0;
    });
  }

  /** The claim of a finalize that found nothing to count: uploads land again. */
  async releaseFinalize(id: string): Promise<void> {
    await this.db.run("UPDATE datasets SET finalizing = NULL WHERE id = ? AND status = 'pending'", [id]);
  }

  /**
   * Runs `land` (the rename that puts a finished upload in place) only while the dataset is
   * pending and no finalize holds it, under the dataset's lock, so a finalize at another server
   * claims it either before (the upload is refused) or after (its count sees the new bytes).
   */
  async landUpload(id: string, land: () => void): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.lock(datasetLock(id));
      const row = await tx.get<{ status: string; finalizing: string | null }>("SELECT status, finalizing FROM datasets WHERE id = ?", [id]);
      if (row?.status !== "pending" || row.finalizing !== null) return false;
      land();
      return true;
    });
  }

  async updateMeta(id: string, meta: DatasetMetaFields): Promise<void> {
    const columns = (["purpose", "mode", "agent", "description"] as const).filter((k) => meta[k] !== undefined);
    if (columns.length === 0) return;
    const set = columns.map((c) => `${c} = ?`).join(", ");
    await this.db.run(`UPDATE datasets SET ${set} WHERE id = ?`, [...columns.map((c) => meta[c] ?? null), id]);
  }

  /** Ids of the pending datasets created before `createdBefore` (an ISO time). */
  async pendingBefore(createdBefore: string): Promise<string[]> {
    const rows = await this.db.all<{ id: string }>("SELECT id FROM datasets WHERE status = 'pending' AND created_at < ?", [createdBefore]);
    return rows.map((r) => r.id);
  }

  async deleteDataset(id: string): Promise<void> {
    await this.db.run("DELETE FROM datasets WHERE id = ?", [id]);
  }

  /** Publishes (or re-publishes, as the newest card) the dataset under `agent`. */
  async publish(id: string, agent: string, description: string | null): Promise<void> {
    await this.db.run(
      `INSERT INTO publications (dataset, agent, description, published_at, seq) VALUES (?, ?, ?, ?, ${this.db.nextSeq("publications")})
       ON CONFLICT (dataset) DO UPDATE SET agent = excluded.agent, description = excluded.description,
         published_at = excluded.published_at, seq = excluded.seq`,
      [id, agent, description, new Date().toISOString()],
    );
  }

  /** True when a card was removed. */
  async unpublish(id: string): Promise<boolean> {
    return (await this.db.run("DELETE FROM publications WHERE dataset = ?", [id])) > 0;
  }

  /** The card of a published, ready dataset, else null. */
  async card(id: string): Promise<CardRecord | null> {
    return (await this.db.get<CardRecord>(`${CARD_SELECT} WHERE d.id = ? AND d.status = 'ready'`, [id])) ?? null;
  }

  /** Every account's cards, newest publication first. */
  cards(): Promise<CardRecord[]> {
    return this.db.all<CardRecord>(`${CARD_SELECT} WHERE d.status = 'ready' ORDER BY p.seq DESC`);
  }

  /** The cached profile of a dataset (its bytes never change once ready), as JSON text. */
  async profile(id: string): Promise<string | null> {
    const row = await this.db.get<{ profile: string }>("SELECT profile FROM profiles WHERE dataset = ?", [id]);
    return row ? row.profile : null;
  }

  async saveProfile(id: string, profile: string): Promise<void> {
    await this.db.run("INSERT INTO profiles (dataset, profile) VALUES (?, ?) ON CONFLICT (dataset) DO UPDATE SET profile = excluded.profile", [id, profile]);
  }

  /** Registers the agent, or updates the fields given (non-null) of an existing registration. */
  async registerAgent(account: string, a: Omit<AgentRecord, "createdAt">): Promise<AgentRecord> {
    await this.db.run(
      `INSERT INTO agents (account, slug, name, description, tools, system_prompt, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (account, slug) DO UPDATE SET name = excluded.name,
         description = COALESCE(excluded.description, agents.description),
         tools = COALESCE(excluded.tools, agents.tools),
         system_prompt = COALESCE(excluded.system_prompt, agents.system_prompt)`,
      [account, a.slug, a.name, a.description, a.tools === null ? null : JSON.stringify(a.tools), a.systemPrompt, new Date().toISOString()],
    );
    return (await this.agents(account)).find((r) => r.slug === a.slug)!;
  }

  /** The account's registered agents, by slug. */
  async agents(account: string): Promise<AgentRecord[]> {
    return (await this.db.all<AgentRow>("SELECT * FROM agents WHERE account = ? ORDER BY slug", [account])).map(agent);
  }

  /** True when a registration was removed. */
  async deleteAgent(account: string, slug: string): Promise<boolean> {
    return (await this.db.run("DELETE FROM agents WHERE account = ? AND slug = ?", [account, slug])) > 0;
  }

  /**
   * A setting every server on the database shares, made by `make` the first time it is asked
   * for: whichever server asks first writes it, and every server reads that one back.
   */
  async sharedSetting(name: string, make: () => string): Promise<string> {
    await this.db.run("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", [name, make()]);
    return (await this.db.get<{ value: string }>("SELECT value FROM settings WHERE name = ?", [name]))!.value;
  }
}
