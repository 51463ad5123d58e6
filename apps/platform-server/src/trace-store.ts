/**
 * Traces in the platform database: the raw OTLP spans of each trace, the runs (rows) rebuilt
 * from them, and the scores sent for them. Every query is scoped to one account.
 */
import type { Database, Tx } from "./db/database.js";

export interface TraceRecord {
  traceId: string;
  agent: string | null;
  scenario: string | null;
  createdAt: string;
}

/** One stored row of a trace with what the cuts read: its agent, scenario, time and scores. */
export interface RunRecord extends TraceRecord {
  row: Record<string, unknown>;
  /** Scores by name, the latest of each: `{value, label}`. */
  scores: Map<string, { value: number | null; label: string | null }>;
}

export interface ScoreInput {
  traceId: string;
  name: string;
  value: number | null;
  label: string | null;
  fields: Record<string, unknown>;
}

interface TraceRow {
  trace_id: string;
  agent: string | null;
  scenario: string | null;
  created_at: string;
}

function trace(r: TraceRow): TraceRecord {
  return { traceId: r.trace_id, agent: r.agent, scenario: r.scenario, createdAt: r.created_at };
}

/** One trace's rows as they now stand (none once it was deleted), at its place in the order traces changed in. */
export interface TraceChange {
  seq: number;
  traceId: string;
  /** Each row's JSON text, as stored. */
  rows: string[];
}

export class TraceStore {
  private readonly listeners = new Set<(account: string) => void>();

  constructor(private readonly db: Database) {}

  /** Calls `listener` after each committed change of an account's traces made through this store (this server's writes); the function returned stops it. */
  onChange(listener: (account: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(account: string): void {
    for (const listener of this.listeners) listener(account);
  }

  /**
   * Moves the trace to the end of the order traces changed in (see the trace_changes migration).
   * Last in its transaction, under a per-account lock held until commit: on PostgreSQL two
   * servers draw numbers from one sequence, and without the lock a transaction holding 5 could
   * commit after one holding 6, so a live reader past 6 would never see 5. With it, numbers of
   * one account commit in order.
   */
  private async recordChange(tx: Tx, account: string, traceId: string): Promise<void> {
    await tx.lock(`whileai:trace-changes:${account}`);
    await tx.run(
      `INSERT INTO trace_changes (account, trace_id, seq) VALUES (?, ?, ${this.db.nextSeq("trace_changes")})
       ON CONFLICT (account, trace_id) DO UPDATE SET seq = excluded.seq`,
      [account, traceId],
    );
  }

  /** The account's traces changed after `after` (a seq), oldest change first, at most `limit` of them, each with its rows now: one statement, so one snapshot. */
  async changesAfter(account: string, after: number, limit: number): Promise<TraceChange[]> {
    const rows = await this.db.all<{ trace_id: string; seq: number; row: string | null }>(
      `SELECT c.trace_id, c.seq, r.row FROM (SELECT trace_id, seq FROM trace_changes WHERE account = ? AND seq > ? ORDER BY seq LIMIT ?) c
       LEFT JOIN runs r ON r.account = ? AND r.trace_id = c.trace_id ORDER BY c.seq, r.idx`,
      [account, after, limit, account],
    );
    const changes: TraceChange[] = [];
    for (const r of rows) {
      const last = changes[changes.length - 1];
      const change = last?.seq === r.seq ? last : (changes[changes.length] = { seq: r.seq, traceId: r.trace_id, rows: [] });
      if (r.row !== null) change.rows.push(r.row);
    }
    return changes;
  }

  /** The newest seq of the account's trace changes (0 when none): where a live reader has caught up. */
  async latestChange(account: string): Promise<number> {
    return (await this.db.get<{ n: number | null }>("SELECT MAX(seq) AS n FROM trace_changes WHERE account = ?", [account]))?.n ?? 0;
  }

  /**
   * Adds the spans of one trace and replaces its runs by `rebuild(all spans so far)`: a trace whose
   * spans arrive over several requests yields the rows of the whole trace. The first agent and
   * scenario seen for a trace stay. The upsert of the trace's row comes first and locks that row
   * until commit, so batches of one trace arriving at once (at two servers on one PostgreSQL)
   * take turns: each rebuild reads every span committed before it.
   */
  async addSpans(
    account: string,
    traceId: string,
    spans: unknown[],
    meta: { agent: string | null; scenario: string | null; createdAt: string },
    rebuild: (spans: unknown[]) => Record<string, unknown>[],
  ): Promise<number> {
    const count = await this.db.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO traces (account, trace_id, agent, scenario, created_at, seq)
         VALUES (?, ?, ?, ?, ?, ${this.db.nextSeq("traces")})
         ON CONFLICT (account, trace_id) DO UPDATE SET agent = COALESCE(traces.agent, excluded.agent), scenario = COALESCE(traces.scenario, excluded.scenario)`,
        [account, traceId, meta.agent, meta.scenario, meta.createdAt],
      );
      for (const s of spans) await tx.run("INSERT INTO trace_spans (account, trace_id, span) VALUES (?, ?, ?)", [account, traceId, JSON.stringify(s)]);
      const stored = await tx.all<{ span: string }>("SELECT span FROM trace_spans WHERE account = ? AND trace_id = ? ORDER BY id", [account, traceId]);
      const rows = rebuild(stored.map((s) => JSON.parse(s.span) as unknown));
      await tx.run("DELETE FROM runs WHERE account = ? AND trace_id = ?", [account, traceId]);
      for (const [i, row] of rows.entries()) await tx.run("INSERT INTO runs (account, trace_id, idx, row) VALUES (?, ?, ?, ?)", [account, traceId, i, JSON.stringify(row)]);
      await this.recordChange(tx, account, traceId);
      return rows.length;
    });
    this.changed(account);
    return count;
  }

  async hasTrace(account: string, traceId: string): Promise<boolean> {
    return (await this.db.get("SELECT 1 FROM traces WHERE account = ? AND trace_id = ?", [account, traceId])) !== undefined;
  }

  /** The account's traces (of one agent, since an ISO time, when given), newest first, one page. */
  async traces(account: string, agent: string | null, since: string | null, limit: number, offset: number): Promise<{ traces: TraceRecord[]; total: number }> {
    let where = "account = ?";
    const args: (string | number)[] = [account];
    if (agent !== null) [where, args[1]] = [`${where} AND agent = ?`, agent];
    if (since !== null) [where, args[args.length]] = [`${where} AND created_at >= ?`, since];
    const total = (await this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM traces WHERE ${where}`, args))!.n;
    const rows = await this.db.all<TraceRow>(`SELECT * FROM traces WHERE ${where} ORDER BY seq DESC LIMIT ? OFFSET ?`, [...args, limit, offset]);
    return { traces: rows.map(trace), total };
  }

  /** Trace counts per agent (traces with no agent are left out). */
  async traceCounts(account: string): Promise<Map<string, number>> {
    const rows = await this.db.all<{ agent: string; n: number }>("SELECT agent, COUNT(*) AS n FROM traces WHERE account = ? AND agent IS NOT NULL GROUP BY agent", [account]);
    return new Map(rows.map((r) => [r.agent, r.n]));
  }

  /** Every run of the account (of one agent when given), oldest trace first, with its latest scores. */
  async runs(account: string, agent: string | null): Promise<RunRecord[]> {
    const where = agent === null ? "t.account = ?" : "t.account = ? AND t.agent = ?";
    const args = agent === null ? [account] : [account, agent];
    const rows = await this.db.all<TraceRow & { row: string }>(
      `SELECT t.*, r.row FROM runs r JOIN traces t ON t.account = r.account AND t.trace_id = r.trace_id WHERE ${where} ORDER BY t.seq, r.idx`,
      args,
    );
    const scores = new Map<string, RunRecord["scores"]>();
    const scoreRows = await this.db.all<{ trace_id: string; name: string; value: number | null; label: string | null }>(
      "SELECT trace_id, name, value, label FROM scores WHERE account = ? ORDER BY id",
      [account],
    );
    for (const s of scoreRows) {
      let byName = scores.get(s.trace_id);
      if (!byName) scores.set(s.trace_id, (byName = new Map()));
      byName.set(s.name, { value: s.value, label: s.label });
    }
    return rows.map((r) => ({ ...trace(r), row: JSON.parse(r.row) as Record<string, unknown>, scores: scores.get(r.trace_id) ?? new Map() }));
  }

  async addScores(account: string, scores: ScoreInput[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const s of scores) {
        await tx.run("INSERT INTO scores (account, trace_id, name, value, label, fields) VALUES (?, ?, ?, ?, ?, ?)", [account, s.traceId, s.name, s.value, s.label, JSON.stringify(s.fields)]);
      }
    });
  }

  /** True when the trace existed; its spans, runs and scores go with it (a live reader is told its rows are now none). */
  async deleteTrace(account: string, traceId: string): Promise<boolean> {
    const existed = await this.db.transaction(async (tx) => {
      for (const table of ["trace_spans", "runs", "scores"]) await tx.run(`DELETE FROM ${table} WHERE account = ? AND trace_id = ?`, [account, traceId]);
      const gone = (await tx.run("DELETE FROM traces WHERE account = ? AND trace_id = ?", [account, traceId])) > 0;
      if (gone) await this.recordChange(tx, account, traceId);
      return gone;
    });
    if (existed) this.changed(account);
    return existed;
  }
}
