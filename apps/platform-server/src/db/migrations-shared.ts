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
