/** Opens the platform's database, migrated: PostgreSQL when a URL is given, else `platform.sqlite` in the data directory. */
import { join } from "node:path";
import type { Database } from "./database.js";
import { PlatformDatabaseError } from "./database-error.js";
import { migrate } from "./migrate.js";
import { SQLITE_MIGRATIONS } from "./migrations-sqlite.js";
import { isPostgresUrl, redacted } from "./url.js";

export async function openDatabase(dataDir: string, database?: string | null): Promise<Database> {
  if (!database) {
    const { SqliteDatabase } = await import("./sqlite.js");
    const db = new SqliteDatabase(join(dataDir, "platform.sqlite"));
    return migrated(db, SQLITE_MIGRATIONS);
  }
  if (!isPostgresUrl(database)) throw new PlatformDatabaseError(JSON.stringify(redacted(database)), "not a database URL: expected postgres://user:password@host:5432/name (or postgresql://)");
  // Loaded only for a team deployment: the embedded platform never loads pg.
  const [{ PostgresDatabase }, { POSTGRES_MIGRATIONS }] = await Promise.all([import("./postgres.js"), import("./migrations-postgres.js")]);
  return migrated(new PostgresDatabase(database), POSTGRES_MIGRATIONS);
}

async function migrated(db: Database, migrations: Parameters<typeof migrate>[1]): Promise<Database> {
  try {
    await migrate(db, migrations);
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    if (PlatformDatabaseError.isInstance(error)) throw error;
    // Unreachable, refused login, no such database: the driver's reason, naming the database.
    throw new PlatformDatabaseError(db.where, `cannot open it: ${(error as Error).message}`, { cause: error });
  }
}
