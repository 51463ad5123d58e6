/** The two databases behind the stores: transactions, migrations and the SQL they share. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabase } from "../testing/test-store.js";
import type { Database } from "./database.js";
import { PlatformDatabaseError } from "./database-error.js";
import { migrate } from "./migrate.js";
import { SQLITE_MIGRATIONS } from "./migrations-sqlite.js";
import { openDatabase } from "./open.js";
import { numbered } from "./postgres.js";
import { createPlatformServer } from "../server.js";

const opened: Database[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

async function fresh(): Promise<Database> {
  const db = await openDatabase(mkdtempSync(join(tmpdir(), "wai-db-")), await testDatabase());
  opened.push(db);
  await db.run("INSERT INTO accounts (id, name, created_at) VALUES ('acct_a', 'a', 't')");
  return db;
}

describe("the platform database", () => {
  it("a statement made while a transaction awaits is not part of it: the rollback keeps it", async () => {
    const db = await fresh();
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let go!: () => void;
    const proceed = new Promise<void>((resolve) => (go = resolve));
    const tx = db.transaction(async (t) => {
      await t.run("INSERT INTO settings (name, value) VALUES ('in-tx', 'x')");
      inside();
      await proceed;
      throw new Error("rolled back");
    });
    await entered;
    const outside = db.run("INSERT INTO settings (name, value) VALUES ('outside', 'y')");
    go();
    await expect(tx).rejects.toThrow("rolled back");
    await outside;
    expect(await db.all("SELECT name FROM settings ORDER BY name")).toEqual([{ name: "outside" }]);
  });

  it("is the store of the project: PostgreSQL in the postgres project, SQLite in the sqlite one", async ({ task }) => {
    expect((await fresh()).kind).toBe(task.file.projectName);
  });

  it("reads sizes past 2 GiB back as numbers, and ? placeholders bind in order", async () => {
    const db = await fresh();
    await db.run(
      `INSERT INTO datasets (id, account, name, status, purpose, created_at, seq, size_bytes) VALUES (?, ?, ?, 'ready', 'train', 't', ${db.nextSeq("datasets")}, ?)`,
      ["ds_000000000000000000000001", "acct_a", "big", 5 * 1024 ** 3],
    );
    expect(await db.get("SELECT size_bytes, seq, name FROM datasets")).toEqual({ size_bytes: 5 * 1024 ** 3, seq: 1, name: "big" });
    expect(await db.get("SELECT COUNT(*) AS n FROM datasets WHERE name = ?", ["big"])).toEqual({ n: 1 });
  });

  it("opening again applies nothing; a schema newer than this release refuses to start", async () => {
    const db = await fresh();
    expect(await migrate(db, db.kind === "sqlite" ? SQLITE_MIGRATIONS : (await import("./migrations-postgres.js")).POSTGRES_MIGRATIONS)).toEqual([]);
    await db.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 't')");
    await expect(migrate(db, SQLITE_MIGRATIONS)).rejects.toSatisfy(PlatformDatabaseError.isInstance);
    await expect(migrate(db, SQLITE_MIGRATIONS)).rejects.toThrow(/has schema version 99; this whileai platform knows versions up to 3: run the newer release that migrated it/);
  });
});

describe("an embedded data directory from before versioned migrations", () => {
  it("keeps its rows, is taken as version 1 and migrated on", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wai-db-old-"));
    // The tables as earlier releases made them, with a row, and no schema_migrations.
    const old = new BetterSqlite3(join(dir, "platform.sqlite"));
    old.exec(SQLITE_MIGRATIONS[0]!.sql.replace(/CREATE TABLE IF NOT EXISTS settings[^;]*;/, ""));
    old.exec("INSERT INTO accounts (id, name, created_at) VALUES ('acct_old', 'old', 't')");
    old.close();
    const db = await openDatabase(dir);
    opened.push(db);
    expect(await db.all("SELECT id FROM accounts")).toEqual([{ id: "acct_old" }]);
    expect(await db.all("SELECT version FROM schema_migrations ORDER BY version")).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }]);
  });
});

describe("numbered", () => {
  it("turns ? into $1, $2, … outside quotes", () => {
    expect(numbered("SELECT '?' AS \"a?\", x FROM t WHERE a = ? AND b = ?")).toBe("SELECT '?' AS \"a?\", x FROM t WHERE a = $1 AND b = $2");
  });
});

describe("a database the server cannot use", () => {
  it("an unreachable PostgreSQL or a URL of another kind is a PlatformDatabaseError naming it, password hidden", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "wai-db-down-"));
    const down = await createPlatformServer({ dataDir, database: "postgres://who:secret@127.0.0.1:1/platform" }).catch((e: unknown) => e);
    expect(PlatformDatabaseError.isInstance(down)).toBe(true);
    expect((down as Error).message).toMatch(/^postgres:\/\/who:\*\*\*@127\.0\.0\.1:1\/platform: cannot open it: connect ECONNREFUSED 127\.0\.0\.1:1/);
    const other = await createPlatformServer({ dataDir, database: "mysql://who:secret@host/db" }).catch((e: unknown) => e);
    expect((other as Error).message).toBe('"mysql://who:***@host/db": not a database URL: expected postgres://user:password@host:5432/name (or postgresql://)');
  });
});
