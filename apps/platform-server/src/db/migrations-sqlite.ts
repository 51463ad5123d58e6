/**
 * The embedded database's schema, version by version. Version 1 is the schema every earlier
 * release made with `CREATE … IF NOT EXISTS`, so a data directory from before versioning takes it
 * as it stands and is then recorded at version 1.
 */
import type { Migration } from "./migrate.js";
import { CLAIMS_AND_OWNERS, TRACE_CHANGES_NAME, TRACE_CHANGES_TABLE } from "./migrations-shared.js";

export const SQLITE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "accounts, datasets, catalog, agents, credentials, traces, hf",
    sql: `
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
CREATE TABLE IF NOT EXISTS delegated_credentials (
  key_hash TEXT PRIMARY KEY, account TEXT NOT NULL REFERENCES accounts(id), name TEXT NOT NULL,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, revoked_at INTEGER
);
CREATE TABLE IF NOT EXISTS traces (
  account TEXT NOT NULL REFERENCES accounts(id), trace_id TEXT NOT NULL, agent TEXT, scenario TEXT,
  created_at TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (account, trace_id)
);
CREATE INDEX IF NOT EXISTS traces_by_agent ON traces(account, agent, seq);
CREATE TABLE IF NOT EXISTS trace_spans (id INTEGER PRIMARY KEY, account TEXT NOT NULL, trace_id TEXT NOT NULL, span TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS trace_spans_by_trace ON trace_spans(account, trace_id);
CREATE TABLE IF NOT EXISTS runs (account TEXT NOT NULL, trace_id TEXT NOT NULL, idx INTEGER NOT NULL, row TEXT NOT NULL, PRIMARY KEY (account, trace_id, idx));
CREATE TABLE IF NOT EXISTS scores (
  id INTEGER PRIMARY KEY, account TEXT NOT NULL, trace_id TEXT NOT NULL, name TEXT NOT NULL, value REAL, label TEXT, fields TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS scores_by_trace ON scores(account, trace_id);
CREATE TABLE IF NOT EXISTS hf_pushes (dataset TEXT PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE, stamp TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS hf_imports (dataset TEXT PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE, info TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
`,
  },
  CLAIMS_AND_OWNERS,
  // One writer at a time: the largest seq so far plus one (see sqlite.ts nextSeq) needs no sequence.
  { version: 3, name: TRACE_CHANGES_NAME, sql: TRACE_CHANGES_TABLE },
];
