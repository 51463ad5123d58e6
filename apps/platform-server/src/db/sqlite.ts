/**
 * The embedded database: one SQLite file (WAL) opened with better-sqlite3. better-sqlite3 is
 * synchronous and the process has one connection, so a transaction that awaits between its
 * statements holds every other statement back until it ends: otherwise another request's write
 * would land inside it and be rolled back with it.
 */
import BetterSqlite3 from "better-sqlite3";
import type { Database, SeqName, Tx } from "./database.js";

export class SqliteDatabase implements Database {
  readonly kind = "sqlite";
  private readonly db: BetterSqlite3.Database;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  /** Settles when the transaction in progress ends; null when none is. */
  private busy: Promise<void> | null = null;
  private readonly inside: Tx;

  constructor(readonly where: string) {
    this.db = new BetterSqlite3(where);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("foreign_keys = ON");
    const db = this.db;
    const statement = (sql: string) => this.statement(sql);
    this.inside = {
      all: async <T>(sql: string, params: readonly unknown[] = []) => statement(sql).all(...params) as T[],
      get: async <T>(sql: string, params: readonly unknown[] = []) => statement(sql).get(...params) as T | undefined,
      run: async (sql: string, params: readonly unknown[] = []) => statement(sql).run(...params).changes,
      exec: async (sql: string) => void db.exec(sql),
      lock: async () => undefined,
      tryLock: async () => true,
    };
  }

  private statement(sql: string): BetterSqlite3.Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  private async idle(): Promise<void> {
    while (this.busy) await this.busy;
  }

  async all<T>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    await this.idle();
    return this.inside.all<T>(sql, params);
  }

  async get<T>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    await this.idle();
    return this.inside.get<T>(sql, params);
  }

  async run(sql: string, params?: readonly unknown[]): Promise<number> {
    await this.idle();
    return this.inside.run(sql, params);
  }

  async exec(sql: string): Promise<void> {
    await this.idle();
    return this.inside.exec(sql);
  }

  async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    await this.idle();
    let release!: () => void;
    this.busy = new Promise((resolve) => (release = resolve));
    try {
      // IMMEDIATE takes the write lock now, so a second process on the file waits rather than failing at its first write.
      this.db.exec("BEGIN IMMEDIATE");
      try {
        const out = await fn(this.inside);
        this.db.exec("COMMIT");
        return out;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec("ROLLBACK");
        throw error;
      }
    } finally {
      this.busy = null;
      release();
    }
  }

  nextSeq(name: SeqName): string {
    // One writer at a time, so the largest so far plus one is never taken twice.
    return `(SELECT COALESCE(MAX(seq), 0) + 1 FROM ${name})`;
  }

  async holdLock(): Promise<() => Promise<void>> {
    return async () => undefined;
  }

  async close(): Promise<void> {
    await this.idle();
    this.db.close();
  }
}
