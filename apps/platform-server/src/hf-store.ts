/**
 * What the Hugging Face routes remember, in the platform database: each dataset's latest push
 * stamp (`hf` on `GET /datasets/{id}`) and each import's progress (`hfImport`). Both are rows
 * beside the dataset and go with it when it is deleted.
 */
import type Database from "better-sqlite3";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS hf_pushes (dataset TEXT PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE, stamp TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS hf_imports (dataset TEXT PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE, info TEXT NOT NULL);
`;

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
  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
  }

  push(dataset: string): PushStamp | null {
    const row = this.db.prepare("SELECT stamp FROM hf_pushes WHERE dataset = ?").get(dataset) as { stamp: string } | undefined;
    return row ? (JSON.parse(row.stamp) as PushStamp) : null;
  }

  savePush(dataset: string, stamp: PushStamp): void {
    this.db.prepare("INSERT OR REPLACE INTO hf_pushes (dataset, stamp) VALUES (?, ?)").run(dataset, JSON.stringify(stamp));
  }

  import(dataset: string): ImportInfo | null {
    const row = this.db.prepare("SELECT info FROM hf_imports WHERE dataset = ?").get(dataset) as { info: string } | undefined;
    return row ? (JSON.parse(row.info) as ImportInfo) : null;
  }

  saveImport(dataset: string, info: ImportInfo): void {
    this.db.prepare("INSERT OR REPLACE INTO hf_imports (dataset, info) VALUES (?, ?)").run(dataset, JSON.stringify(info));
  }

  /**
   * Jobs run inside the server process, so one still marked running at start-up died with an
   * earlier process: it is marked failed, rather than polled forever.
   */
  failInterrupted(finishedAt: string): void {
    const error = "the local platform stopped before this finished; run it again";
    for (const { dataset, stamp } of this.db.prepare("SELECT dataset, stamp FROM hf_pushes").all() as { dataset: string; stamp: string }[]) {
      const s = JSON.parse(stamp) as PushStamp;
      if (s.status === "pushing") this.savePush(dataset, { ...s, status: "error", error, finishedAt });
    }
    for (const { dataset, info } of this.db.prepare("SELECT dataset, info FROM hf_imports").all() as { dataset: string; info: string }[]) {
      const i = JSON.parse(info) as ImportInfo;
      if (i.status === "importing") this.saveImport(dataset, { ...i, status: "failed", error, finishedAt });
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
