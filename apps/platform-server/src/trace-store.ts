/**
 * Traces in the platform database: the raw OTLP spans of each trace, the runs (rows) rebuilt
 * from them, and the scores sent for them. Every query is scoped to one account.
 */
import type Database from "better-sqlite3";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS traces (
  account TEXT NOT NULL REFERENCES accounts(id), trace_id TEXT NOT NULL, agent TEXT, scenario TEXT,
  created_at TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (account, trace_id)
);
CREATE INDEX IF NOT EXISTS traces_by_agent ON traces(account, agent, seq);
CREATE TABLE IF NOT EXISTS trace_spans (id INTEGER PRIMARY KEY, account TEXT NOT NULL, trace_id TEXT NOT NULL, span TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS trace_spans_by_trace ON trace_spans(account, trace_id);
CREATE TABLE IF NOT EXISTS runs (account TEXT NOT NULL, trace_id TEXT NOT NULL, idx INTEGER NOT NULL, row TEXT NOT NULL, PRIMARY KEY (account, trace_id, idx));
CREATE TABLE IF NOT EXISTS scores (
  id INTEGER PRIMARY KEY, account TEXT NOT NULL, trace_id TEXT NOT NULL, name TEXT NOT NULL, value REAL, label TEXT, fields TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS scores_by_trace ON scores(account, trace_id);
`;

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
  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
  }

  /**
   * Adds the spans of one trace and replaces its runs by `rebuild(all spans so far)`: a trace whose
   * spans arrive over several requests yields the rows of the whole trace. The first agent and
   * scenario seen for a trace stay.
   */
  addSpans(
    account: string,
    traceId: string,
    spans: unknown[],
    meta: { agent: string | null; scenario: string | null; createdAt: string },
    rebuild: (spans: unknown[]) => Record<string, unknown>[],
  ): number {
    return this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO traces (account, trace_id, agent, scenario, created_at, seq)
           VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM traces))
           ON CONFLICT (account, trace_id) DO UPDATE SET agent = COALESCE(agent, excluded.agent), scenario = COALESCE(scenario, excluded.scenario)`,
        )
        .run(account, traceId, meta.agent, meta.scenario, meta.createdAt);
      const insert = this.db.prepare("INSERT INTO trace_spans (account, trace_id, span) VALUES (?, ?, ?)");
      for (const s of spans) insert.run(account, traceId, JSON.stringify(s));
      const stored = this.db.prepare("SELECT span FROM trace_spans WHERE account = ? AND trace_id = ? ORDER BY id").all(account, traceId) as { span: string }[];
      const rows = rebuild(stored.map((s) => JSON.parse(s.span) as unknown));
      this.db.prepare("DELETE FROM runs WHERE account = ? AND trace_id = ?").run(account, traceId);
      const put = this.db.prepare("INSERT INTO runs (account, trace_id, idx, row) VALUES (?, ?, ?, ?)");
      for (const [i, row] of rows.entries()) put.run(account, traceId, i, JSON.stringify(row));
      return rows.length;
    })();
  }

  hasTrace(account: string, traceId: string): boolean {
    return this.db.prepare("SELECT 1 FROM traces WHERE account = ? AND trace_id = ?").get(account, traceId) !== undefined;
  }

  /** The account's traces (of one agent, since an ISO time, when given), newest first, one page. */
  traces(account: string, agent: string | null, since: string | null, limit: number, offset: number): { traces: TraceRecord[]; total: number } {
    let where = "account = ?";
    const args: string[] = [account];
    if (agent !== null) [where, args[1]] = [`${where} AND agent = ?`, agent];
    if (since !== null) [where, args[args.length]] = [`${where} AND created_at >= ?`, since];
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM traces WHERE ${where}`).get(...args) as { n: number }).n;
    const rows = this.db.prepare(`SELECT * FROM traces WHERE ${where} ORDER BY seq DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as TraceRow[];
    return { traces: rows.map(trace), total };
  }

  /** Trace counts per agent (traces with no agent are left out). */
  traceCounts(account: string): Map<string, number> {
    const rows = this.db.prepare("SELECT agent, COUNT(*) AS n FROM traces WHERE account = ? AND agent IS NOT NULL GROUP BY agent").all(account) as {
      agent: string;
      n: number;
    }[];
    return new Map(rows.map((r) => [r.agent, r.n]));
  }

  /** Every run of the account (of one agent when given), oldest trace first, with its latest scores. */
  runs(account: string, agent: string | null): RunRecord[] {
    const where = agent === null ? "t.account = ?" : "t.account = ? AND t.agent = ?";
    const args = agent === null ? [account] : [account, agent];
    const rows = this.db
      .prepare(`SELECT t.*, r.row FROM runs r JOIN traces t ON t.account = r.account AND t.trace_id = r.trace_id WHERE ${where} ORDER BY t.seq, r.idx`)
      .all(...args) as (TraceRow & { row: string })[];
    const scores = new Map<string, RunRecord["scores"]>();
    const scoreRows = this.db.prepare("SELECT trace_id, name, value, label FROM scores WHERE account = ? ORDER BY id").all(account) as {
      trace_id: string;
      name: string;
      value: number | null;
      label: string | null;
    }[];
    for (const s of scoreRows) {
      let byName = scores.get(s.trace_id);
      if (!byName) scores.set(s.trace_id, (byName = new Map()));
      byName.set(s.name, { value: s.value, label: s.label });
    }
    return rows.map((r) => ({ ...trace(r), row: JSON.parse(r.row) as Record<string, unknown>, scores: scores.get(r.trace_id) ?? new Map() }));
  }

  addScores(account: string, scores: ScoreInput[]): void {
    const insert = this.db.prepare("INSERT INTO scores (account, trace_id, name, value, label, fields) VALUES (?, ?, ?, ?, ?, ?)");
    this.db.transaction(() => {
      for (const s of scores) insert.run(account, s.traceId, s.name, s.value, s.label, JSON.stringify(s.fields));
    })();
  }

  /** True when the trace existed; its spans, runs and scores go with it. */
  deleteTrace(account: string, traceId: string): boolean {
    return this.db.transaction(() => {
      for (const table of ["trace_spans", "runs", "scores"]) this.db.prepare(`DELETE FROM ${table} WHERE account = ? AND trace_id = ?`).run(account, traceId);
      return this.db.prepare("DELETE FROM traces WHERE account = ? AND trace_id = ?").run(account, traceId).changes > 0;
    })();
  }
}
