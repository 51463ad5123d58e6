/**
 * Versioned migrations, run when a server opens its database. All of it happens in one
 * transaction under a lock every process on the database takes, so servers starting at once
 * apply each version exactly once and none serves a half-migrated schema.
 */
import type { Database } from "./database.js";
import { PlatformDatabaseError } from "./database-error.js";

export interface Migration {
  version: number;
  name: string;
  /** Statements, run in order. */
  sql: string;
}

/** Applies the versions `db` lacks, in order; resolves to the ones applied (none when it was current). A newer schema → PlatformDatabaseError. */
export async function migrate(db: Database, migrations: readonly Migration[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.lock("whileai:migrations");
    await tx.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    const done = new Set((await tx.all<{ version: number }>("SELECT version FROM schema_migrations")).map((r) => r.version));
    const known = Math.max(0, ...migrations.map((m) => m.version));
    const newest = Math.max(0, ...done);
    if (newest > known) throw new PlatformDatabaseError(db.where, `has schema version ${newest}; this whileai platform knows versions up to ${known}: run the newer release that migrated it`);
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [m.version, m.name, new Date().toISOString()]);
      applied.push(m.version);
    }
    return applied;
  });
}
