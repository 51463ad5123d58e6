/**
 * What the Hugging Face routes remember, in the platform database: each dataset's latest push
 * stamp (`hf` on `GET /datasets/{id}`) and each import's progress (`hfImport`). Both are rows
 * beside the dataset and go with it when it is deleted.
 */
import type { Database, Sql } from "./db/database.js";
import { serverGone } from "./server-liveness.js";

/** The `hf` stamp: `pushing`, then `done` (with `commit`) or `error` (with `error`). */
export interface PushStamp {
  status: "pushing" | "done" | "error";
  repo: string;
  url: string;
  split: string;
  path: string;
  private: boolean;
  startedAt: string;
  finishedAt?: string;
  commit?: string | null;
  rows?: number;
  error?: string;
}

/** The `hfImport` record: `importing`, then `done` or `failed` (with `error`). */
export interface ImportInfo {
  status: "importing" | "done" | "failed";
  repo: string;
  split: string;
  revision: string;
  config: string | null;
  files: string[];
  maxRows: number;
  startedAt: string;
  finishedAt?: string;
  rows?: number;
  /** Files of the split in a format the local platform does not read. */
  skippedFiles?: string[];
  /** True when the source had more rows than `maxRows`: those past it were not imported. */
  truncated?: boolean;
  error?: string;
}

export class HfStore {
  /** `instance` names this server: a running job records it, so another server starting knows the job is not its to fail. */
  constructor(
    private readonly db: Database,
    private readonly instance: string,
  ) {}

  async push(dataset: string): Promise<PushStamp | null> {
    const row = await this.db.get<{ stamp: string }>("SELECT stamp FROM hf_pushes WHERE dataset = ?", [dataset]);
    return row ? (JSON.parse(row.stamp) as PushStamp) : null;
  }

  async savePush(dataset: string, stamp: PushStamp): Promise<void> {
    await this.db.run("INSERT INTO hf_pushes (dataset, stamp, owner) VALUES (?, ?, ?) ON CONFLICT (dataset) DO UPDATE SET stamp = excluded.stamp, owner = excluded.owner", [
      dataset,
      JSON.stringify(stamp),
      stamp.status === "pushing" ? this.instance : null,
    ]);
  }

  async import(dataset: string): Promise<ImportInfo | null> {
    const row = await this.db.get<{ info: string }>("SELECT info FROM hf_imports WHERE dataset = ?", [dataset]);
    return row ? (JSON.parse(row.info) as ImportInfo) : null;
  }

  /** `sql` is a transaction to save it in (the import's end, with the dataset turning ready). */
  async saveImport(dataset: string, info: ImportInfo, sql: Sql = this.db): Promise<void> {
    await sql.run("INSERT INTO hf_imports (dataset, info, owner) VALUES (?, ?, ?) ON CONFLICT (dataset) DO UPDATE SET info = excluded.info, owner = excluded.owner", [
      dataset,
      JSON.stringify(info),
      info.status === "importing" ? this.instance : null,
    ]);
  }

  /**
   * Jobs run inside the server process that started them, so one still marked running whose
   * server is gone (`serverGone`; an embedded platform's earlier server always is) died with it: it is marked failed, rather than polled forever. The jobs of servers
   * still running beside this one are left to them.
   */
  async failInterrupted(finishedAt: string): Promise<void> {
    const error = "the local platform stopped before this finished; run it again";
    const orphaned = async (owner: string | null) => owner === this.instance || (await serverGone(this.db, owner));
    for (const { dataset, stamp, owner } of await this.db.all<{ dataset: string; stamp: string; owner: string | null }>("SELECT dataset, stamp, owner FROM hf_pushes")) {
      const s = JSON.parse(stamp) as PushStamp;
      if (s.status === "pushing" && (await orphaned(owner))) await this.savePush(dataset, { ...s, status: "error", error, finishedAt });
    }
    for (const { dataset, info, owner } of await this.db.all<{ dataset: string; info: string; owner: string | null }>("SELECT dataset, info, owner FROM hf_imports")) {
      const i = JSON.parse(info) as ImportInfo;
      if (i.status === "importing" && (await orphaned(owner))) await this.saveImport(dataset, { ...i, status: "failed", error, finishedAt });
    }
  }
}

/** Background work of the hf routes; `stop` aborts it and waits, so nothing writes to a closed database. */
export class HfJobs {
  private readonly running = new Set<Promise<void>>();
  private readonly controller = new AbortController();

  /** Starts `task`; it must record its own failure (an escaped error is a bug, logged). */
  start(task: (signal: AbortSignal) => Promise<void>): void {
    const job: Promise<void> = task(this.controller.signal)
      .catch((error: unknown) => console.error(error))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  async stop(): Promise<void> {
    this.controller.abort(new Error("the local platform is shutting down"));
    await Promise.allSettled([...this.running]);
  }
}
