/**
 * The SQL database behind the stores, one interface with two implementations: the embedded
 * SQLite file (`sqlite.ts`) and a shared PostgreSQL (`postgres.ts`). The stores write one SQL
 * text for both: `?` placeholders, `ON CONFLICT` upserts, and the two spots where the dialects
 * differ (the next ordering number, a lock) asked of the database.
 */

/** Statements on one connection: outside a transaction, or inside the one it belongs to. */
export interface Sql {
  /** Every row the statement returns. */
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** The first row, or undefined. */
  get<T>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a statement; resolves to how many rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  /** Runs several statements, without parameters (a migration). */
  exec(sql: string): Promise<void>;
}

/** Statements inside a transaction. */
export interface Tx extends Sql {
  /**
   * Held until the transaction ends, by every process on the database: PostgreSQL takes an
   * advisory lock on `name`; SQLite's transactions already exclude every other writer.
   */
  lock(name: string): Promise<void>;
  /** True when no one holds `name` (by `lock` or `holdLock`); then this transaction holds it. SQLite: always true, one process has the file. */
  tryLock(name: string): Promise<boolean>;
}

export interface Database extends Sql {
  readonly kind: "sqlite" | "postgres";
  /** Where it is, for messages: the file, or the URL without its password. */
  readonly where: string;
  /**
   * `fn` in one transaction: committed when it resolves, rolled back when it throws. Use only
   * the `tx` it is given inside it (the database itself waits for the transaction to end).
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** An SQL expression for the next number of the ordering sequence `name` (newest first lists sort by it). */
  nextSeq(name: SeqName): string;
  /**
   * Holds `name` until the returned release is called, on a connection of its own: how a server
   * shows the others it is alive (see `tryLock`). SQLite: nothing to hold.
   */
  holdLock(name: string): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The ordering sequences: each table's insertion order, the catalog's publication order, and the order traces last changed in. */
export type SeqName = "datasets" | "publications" | "traces" | "trace_changes";
