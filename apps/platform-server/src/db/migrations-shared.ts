/** Migrations whose SQL both databases take as written, listed by each dialect's migrations in version order. */
import type { Migration } from "./migrate.js";

export const CLAIMS_AND_OWNERS: Migration = {
  version: 2,
  name: "the claim a finalize holds on its dataset's uploads; the server running each hf job",
  sql: `
ALTER TABLE datasets ADD COLUMN finalizing TEXT;
ALTER TABLE hf_pushes ADD COLUMN owner TEXT;
ALTER TABLE hf_imports ADD COLUMN owner TEXT;
`,
};

/**
 * The order in which each trace last changed, for the live view (`GET /traces/live`): a trace's
 * row in `traces` keeps the seq of its first batch, so "every trace changed after X" needs a
 * number drawn again at every batch. A deleted trace keeps its row here (a tombstone), so a page
 * that resumes learns its rows are gone. Existing traces start at their own seq; the sequence
 * (PostgreSQL) goes on past them.
 */
export const TRACE_CHANGES_TABLE = `
CREATE TABLE trace_changes (account TEXT NOT NULL, trace_id TEXT NOT NULL, seq BIGINT NOT NULL, PRIMARY KEY (account, trace_id));
CREATE INDEX trace_changes_by_seq ON trace_changes(account, seq);
INSERT INTO trace_changes (account, trace_id, seq) SELECT account, trace_id, seq FROM traces;
`;
export const TRACE_CHANGES_NAME = "the order traces last changed in, for the live view";
