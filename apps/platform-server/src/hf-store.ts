/**
 * What the Hugging Face routes remember, in the platform database: each dataset's latest push
 * stamp (`hf` on `GET /datasets/{id}`) and each import's progress (`hfImport`). Both are rows
 * beside the dataset and go with it when it is deleted.
 */
import type { Database, Sql } from "./db/database.js";

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
  constructor(private readonly db: Database) {}

  async push(dataset: string): Promise<PushStamp | null> {
    const row = await this.db.get<{ stamp: string }>("SELECT stamp FROM hf_pushes WHERE dataset = ?", [dataset]);
    return row ? (JSON.parse(row.stamp) as PushStamp) : null;
  }

  async savePush(dataset: string, stamp: PushStamp): Promise<void> {
    await this.db.run("INSERT INTO hf_pushes (dataset, stamp) VALUES (?, ?) ON CONFLICT (dataset) DO UPDATE SET stamp = excluded.stamp", [dataset, JSON.stringify(stamp)]);
  }

  async import(dataset: string): Promise<ImportInfo | null> {
    const row = await this.db.get<{ info: string }>("SELECT info FROM hf_imports WHERE dataset = ?", [dataset]);
    return row ? (JSON.parse(row.info) as ImportInfo) : null;
  }

  /** `sql` is a transaction to save it in (the import's end, with the dataset turning ready). */
  async saveImport(dataset: string, info: ImportInfo, sql: Sql = this.db): Promise<void> {
    await sql.run("INSERT INTO hf_imports (dataset, info) VALUES (?, ?) ON CONFLICT (dataset) DO UPDATE SET info = excluded.info", [dataset, JSON.stringify(info)]);
  }

  /**
   * Jobs run inside the server process, so one still marked running at start-up died with an
   * earlier process: it is marked failed, rather than polled forever.
   */
  async failInterrupted(finishedAt: string): Promise<void> {
    const error = "the local platform stopped before this finished; run it again";
    for (const { dataset, stamp } of await this.db.all<{ dataset: string; stamp: string }>("SELECT dataset, stamp FROM hf_pushes")) {
      const s = JSON.parse(stamp) as PushStamp;
      if (s.status === "pushing") await this.savePush(dataset, { ...s, status: "error", error, finishedAt });
    }
    for (const { dataset, info } of await this.db.all<{ dataset: string; info: string }>("SELECT dataset, info FROM hf_imports")) {
      const i = JSON.parse(info) as ImportInfo;
      if (i.status === "importing") await this.saveImport(dataset, { ...i, status: "failed", error, finishedAt });
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
