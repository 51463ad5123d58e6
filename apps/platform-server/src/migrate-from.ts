/**
 * `migrateFromEmbedded`: an embedded platform's data (its `platform.sqlite`, blobs and secrets)
 * copied into the PostgreSQL of a team deployment, every row with its ids, so datasets, API
 * keys, credentials and presigned URLs go on working there.
 */
import { randomBytes } from "node:crypto";
import { access, copyFile, mkdir, readdir, readFile, rename } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Database, Tx } from "./db/database.js";
import { PlatformDatabaseError } from "./db/database-error.js";
import { openDatabase } from "./db/open.js";

/** In foreign-key order: a row's parent is copied before it. */
const TABLES = [
  "accounts",
  "api_keys",
  "datasets",
  "publications",
  "profiles",
  "agents",
  "delegated_credentials",
  "traces",
  "trace_changes",
  "trace_spans",
  "runs",
  "scores",
  "hf_pushes",
  "hf_imports",
] as const;

/** The sequences to move past the copied rows, so new rows sort after them and take fresh ids. */
const SEQUENCES: [sequence: string, table: string, column: string][] = [
  ["datasets_seq", "datasets", "seq"],
  ["publications_seq", "publications", "seq"],
  ["traces_seq", "traces", "seq"],
  ["trace_changes_seq", "trace_changes", "seq"],
  ["trace_spans_id_seq", "trace_spans", "id"],
  ["scores_id_seq", "scores", "id"],
];

/** The embedded platform's secret files, kept in the team database under the same names. */
const SECRETS = ["signing-key", "dev-api-key"];

const BATCH_ROWS = 500;

export interface MigrationReport {
  /** Rows copied per table. */
  rows: Record<string, number>;
  /** Blob files copied into the team's blob directory (0 when it is the source's). */
  blobs: number;
  /** The secrets copied (`signing-key`, `dev-api-key`) that the source directory had. */
  secrets: string[];
}

async function copyTable(source: Database, tx: Tx, table: string): Promise<number> {
  const rows = await source.all<Record<string, unknown>>(`SELECT * FROM ${table}`);
  if (rows.length === 0) return 0;
  const columns = Object.keys(rows[0]!);
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows.slice(i, i + BATCH_ROWS);
    const values = batch.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ");
    await tx.run(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values}`, batch.flatMap((r) => columns.map((c) => r[c])));
  }
  return rows.length;
}

/** The finished blobs (`ds_….jsonl`) of `from`, copied into `to` under a temporary name each, then renamed. */
async function copyBlobs(from: string, to: string): Promise<number> {
  if (resolve(from) === resolve(to)) return 0;
  await mkdir(to, { recursive: true });
  let names: string[];
  try {
    names = (await readdir(from)).filter((n) => /^ds_[0-9a-f]{24}\.jsonl$/.test(n));
  } catch {
    return 0;
  }
  for (const name of names) {
    const tmp = join(to, `${name}.${randomBytes(6).toString("hex")}.tmp`);
    await copyFile(join(from, name), tmp);
    await rename(tmp, join(to, name));
  }
  return names.length;
}

async function readSecret(dir: string, name: string): Promise<string | null> {
  try {
    return (await readFile(join(dir, name), "utf8")).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Copies the embedded platform in `sourceDir` into the PostgreSQL `database` (migrated first,
 * and empty of accounts, else PlatformDatabaseError) and its blobs into `<dataDir>/blobs`. The
 * rows go in one transaction: a failure leaves the database as it was.
 */
export async function migrateFromEmbedded(sourceDir: string, options: { database: string; dataDir: string }): Promise<MigrationReport> {
  const sqlite = join(sourceDir, "platform.sqlite");
  try {
    await access(sqlite);
  } catch {
    throw new PlatformDatabaseError(sqlite, "no embedded platform database there: pass the data directory the embedded platform used");
  }
  const source = await openDatabase(sourceDir);
  let target: Database | null = null;
  try {
    target = await openDatabase(options.dataDir, options.database);
    const blobs = await copyBlobs(join(sourceDir, "blobs"), join(options.dataDir, "blobs"));
    const secrets: [string, string][] = [];
    for (const name of SECRETS) {
      const value = await readSecret(sourceDir, name);
      if (value) secrets.push([name, value]);
    }
    const where = target.where;
    const rows = await target.transaction(async (tx) => {
      await tx.lock("whileai:migrate-from");
      // Two platforms' rows mixed would be neither: the target must hold no account yet.
      if (await tx.get("SELECT 1 FROM accounts LIMIT 1")) throw new PlatformDatabaseError(where, "already holds platform data (accounts): migrate into an empty database, before any server starts on it");
      const copied: Record<string, number> = {};
      for (const table of TABLES) copied[table] = await copyTable(source, tx, table);
      for (const [sequence, table, column] of SEQUENCES) {
        // Past the largest copied value; an empty table leaves the sequence to start at 1.
        await tx.run(`SELECT setval('${sequence}', GREATEST(COALESCE(MAX(${column}), 0), 1), MAX(${column}) IS NOT NULL) FROM ${table}`);
      }
      for (const [name, value] of secrets) {
        await tx.run("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value", [name, value]);
      }
      return copied;
    });
    return { rows, blobs, secrets: secrets.map(([name]) => name) };
  } finally {
    await source.close();
    await target?.close();
  }
}
