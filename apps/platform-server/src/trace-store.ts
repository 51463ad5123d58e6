/**
 * Traces in the platform database: the raw OTLP spans of each trace, the runs (rows) rebuilt
 * from them, and the scores sent for them. Every query is scoped to one account.
 */
import type { Database } from "./db/database.js";

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

export class TraceStore {
  constructor(private readonly db: Database) {}

  /**
   * Adds the spans of one trace and replaces its runs by `rebuild(all spans so far)`: a trace whose
   * spans arrive over several requests yields the rows of the whole trace. The first agent and
   * scenario seen for a trace stay. The upsert of the trace's row comes first and locks that row
   * until commit, so batches of one trace arriving at once (at two servers on one PostgreSQL)
   * take turns: each rebuild reads every span committed before it.
   */
  addSpans(
    account: string,
    traceId: string,
    spans: unknown[],
    meta: { agent: string | null; scenario: string | null; createdAt: string },
    rebuild: (spans: unknown[]) => Record<string, unknown>[],
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
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
      return rows.length;
    });
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

  /** True when the trace existed; its spans, runs and scores go with it. */
  deleteTrace(account: string, traceId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      for (const table of ["trace_spans", "runs", "scores"]) await tx.run(`DELETE FROM ${table} WHERE account = ? AND trace_id = ?`, [account, traceId]);
      return (await tx.run("DELETE FROM traces WHERE account = ? AND trace_id = ?", [account, traceId])) > 0;
    });
  }
}
