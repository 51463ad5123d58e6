/**
 * The PostgreSQL schema, version by version: the tables of the embedded one (`migrations-sqlite.ts`)
 * with PostgreSQL's types. Sizes and counts are BIGINT (an upload may pass 2 GiB); the orderings
 * are sequences, so servers inserting at once never draw the same number; times stay ISO text,
 * compared and sorted as the embedded database does.
 */
import type { Migration } from "./migrate.js";
import { CLAIMS_AND_OWNERS, TRACE_CHANGES_NAME, TRACE_CHANGES_TABLE } from "./migrations-shared.js";

export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "accounts, datasets, catalog, agents, credentials, traces, hf",
    sql: `
CREATE TABLE accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX accounts_by_name ON accounts(name, created_at);
CREATE TABLE api_keys (key_hash TEXT PRIMARY KEY, account TEXT NOT NULL REFERENCES accounts(id));
CREATE SEQUENCE datasets_seq;
CREATE TABLE datasets (
  id TEXT PRIMARY KEY, account TEXT NOT NULL REFERENCES accounts(id), name TEXT NOT NULL,
  status TEXT NOT NULL, purpose TEXT NOT NULL, mode TEXT, agent TEXT, description TEXT, parent TEXT,
  size_bytes BIGINT NOT NULL DEFAULT 0, rows BIGINT NOT NULL DEFAULT 0, parts TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL, seq BIGINT NOT NULL
);
CREATE INDEX datasets_by_account ON datasets(account, seq);
CREATE SEQUENCE publications_seq;
CREATE TABLE publications (
  dataset TEXT PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE, agent TEXT NOT NULL, description TEXT,
  published_at TEXT NOT NULL, seq BIGINT NOT NULL
);
CREATE TABLE profiles (dataset TEXT PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE, profile TEXT NOT NULL);
CREATE TABLE agents (
  account TEXT NOT NULL REFERENCES accounts(id), slug TEXT NOT NULL, name TEXT NOT NULL, description TEXT,
  tools TEXT, system_prompt TEXT, created_at TEXT NOT NULL, PRIMARY KEY (account, slug)
);
CREATE TABLE delegated_credentials (
  key_hash TEXT PRIMARY KEY, account TEXT NOT NULL REFERENCES accounts(id), name TEXT NOT NULL,
  created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, revoked_at BIGINT
);
CREATE SEQUENCE traces_seq;
CREATE TABLE traces (
  account TEXT NOT NULL REFERENCES accounts(id), trace_id TEXT NOT NULL, agent TEXT, scenario TEXT,
  created_at TEXT NOT NULL, seq BIGINT NOT NULL, PRIMARY KEY (account, trace_id)
);
CREATE INDEX traces_by_agent ON traces(account, agent, seq);
CREATE TABLE trace_spans (id BIGSERIAL PRIMARY KEY, account TEXT NOT NULL, trace_id TEXT NOT NULL, span TEXT NOT NULL);
CREATE INDEX trace_spans_by_trace ON trace_spans(account, trace_id);
CREATE TABLE runs (account TEXT NOT NULL, trace_id TEXT NOT NULL, idx INTEGER NOT NULL, row TEXT NOT NULL, PRIMARY KEY (account, trace_id, idx));
CREATE TABLE scores (
  id BIGSERIAL PRIMARY KEY, account TEXT NOT NULL, trace_id TEXT NOT NULL, name TEXT NOT NULL,
  value DOUBLE PRECISION, label TEXT, fields TEXT NOT NULL
);
CREATE INDEX scores_by_trace ON scores(account, trace_id);
CREATE TABLE hf_pushes (dataset TEXT PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE, stamp TEXT NOT NULL);
CREATE TABLE hf_imports (dataset TEXT PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE, info TEXT NOT NULL);
CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
`,
  },
  CLAIMS_AND_OWNERS,
  {
    version: 3,
    name: TRACE_CHANGES_NAME,
    sql: `${TRACE_CHANGES_TABLE}
CREATE SEQUENCE trace_changes_seq;
SELECT setval('trace_changes_seq', GREATEST(COALESCE(MAX(seq), 0), 1), MAX(seq) IS NOT NULL) FROM trace_changes;
`,
  },
];
