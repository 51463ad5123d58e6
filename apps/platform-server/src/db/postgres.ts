/**
 * The shared database of a team deployment: PostgreSQL through node-postgres (`pg`), a pool of
 * connections per server process. Every process on the database sees one platform: rows, locks
 * and sequences live in PostgreSQL, none in the process.
 */
import pg from "pg";
import type { Database, SeqName, Sql, Tx } from "./database.js";
import { redacted } from "./url.js";

const INT8_OID = 20;

/** BIGINT (sizes, counts) as a JavaScript number, refused past 2^53 rather than rounded. */
function int8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`PostgreSQL returned ${text}, past the largest exact JavaScript integer`);
  return n;
}

const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID && format !== "binary" ? int8 : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** `?` placeholders (the SQL both databases share) as PostgreSQL's `$1, $2, …`; quoted text is left alone. */
export function numbered(sql: string): string {
  let n = 0;
  let out = "";
  let quote: string | null = null;
  for (const c of sql) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "?") {
      out += `$${++n}`;
      continue;
    }
    out += c;
  }
  return out;
}

type Queryable = Pick<pg.Pool | pg.PoolClient, "query">;

/** Each statement's numbered text, made once: the stores' SQL is a fixed set of texts, run again and again. */
const numberedTexts = new Map<string, string>();
function numberedOnce(sql: string): string {
  let text = numberedTexts.get(sql);
  if (text === undefined) numberedTexts.set(sql, (text = numbered(sql)));
  return text;
}

function statements(q: Queryable): Sql {
  const query = (sql: string, params: readonly unknown[] = []) => q.query(numberedOnce(sql), params as unknown[]);
  return {
    all: async <T>(sql: string, params?: readonly unknown[]) => (await query(sql, params)).rows as T[],
    get: async <T>(sql: string, params?: readonly unknown[]) => (await query(sql, params)).rows[0] as T | undefined,
    run: async (sql: string, params?: readonly unknown[]) => (await query(sql, params)).rowCount ?? 0,
    // No parameters: the simple protocol, which takes several statements at once.
    exec: async (sql: string) => void (await q.query(sql)),
  };
}

export class PostgresDatabase implements Database {
  readonly kind = "postgres";
  readonly where: string;
  private readonly pool: pg.Pool;
  private readonly url: string;
  private readonly direct: Sql;

  constructor(url: string, options: { maxConnections?: number } = {}) {
    this.where = redacted(url);
    this.url = url;
    this.pool = new pg.Pool({ connectionString: url, types, max: options.maxConnections ?? 10 });
    // An idle connection the server dropped (a restart, a kill) must not take the process down; the next query reconnects.
    this.pool.on("error", (error) => console.error(`whileai platform: a PostgreSQL connection failed (${this.where}): ${error.message}`));
    this.direct = statements(this.pool);
  }

  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    return this.direct.all<T>(sql, params);
  }

  get<T>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    return this.direct.get<T>(sql, params);
  }

  run(sql: string, params?: readonly unknown[]): Promise<number> {
    return this.direct.run(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.direct.exec(sql);
  }

  async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const tx: Tx = {
      ...statements(client),
      // Cluster-wide, freed at commit or rollback; the name is hashed to the lock's 64-bit key.
      lock: async (name) => void (await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [name])),
      tryLock: async (name) => (await client.query<{ ok: boolean }>("SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS ok", [name])).rows[0]!.ok,
    };
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      try {
        const out = await fn(tx);
        await client.query("COMMIT");
        return out;
      } catch (error) {
        await client.query("ROLLBACK").catch((rollback: Error) => (broken = rollback));
        throw error;
      }
    } finally {
      // A connection whose rollback failed is in an unknown state: it is closed, not reused.
      client.release(broken);
    }
  }

  nextSeq(name: SeqName): string {
    return `nextval('${name}_seq')`;
  }

  async holdLock(name: string): Promise<() => Promise<void>> {
    // A session lock lives as long as its connection, so it gets one outside the pool (whose idle connections close).
    const client = new pg.Client({ connectionString: this.url, types });
    client.on("error", (error) => console.error(`whileai platform: the connection holding ${name} failed (${this.where}): ${error.message}`));
    await client.connect();
    try {
      await client.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [name]);
    } catch (error) {
      await client.end();
      throw error;
    }
    return () => client.end();
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
