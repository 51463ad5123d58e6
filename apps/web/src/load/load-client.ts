/**
 * The page's handle on the load worker: read a file there (progress as it goes, `cancel()` at any
 * time), then analyse it again under other label settings without reading it again.
 */
import type { LabelSettings } from "../analysis/explore.js";
import type { LoadError } from "./load-error.js";
import type { SpansByConversation } from "@whileai/ingest";
import type { TraceRow } from "@whileai/traces";
import { questionsBy, type RowAnswer, type RowQuestion, type RowQuestions } from "../analysis/row-questions.js";
import type { Explored, LoadReply, LoadRequest, SourceFacts } from "./load-protocol.js";
import type { ReadProgress } from "./read-source.js";

export class ReadCancelled extends Error {
  override readonly name = "ReadCancelled";
  constructor(file: string) {
    super(`reading ${file} was cancelled`);
  }
}

/** A read in progress. */
export interface Reading<T> {
  readonly done: Promise<T>;
  cancel(): void;
}

/** A file read and analysed, its rows kept in the worker. */
export interface ExploredFile {
  source: SourceFacts;
  /** The label settings `explored` was computed with. */
  labels: LabelSettings;
  /** OpenTelemetry rows' spans by conversation id (empty for other formats). */
  spans: SpansByConversation;
  explored: Explored;
  relabel(labels: LabelSettings): Promise<Explored>;
  /** Questions about every row of the file's latest analysis, answered in the worker. */
  questions: RowQuestions;
}

/** A file read for its rows as read (the leakage scan's sides). */
export interface RowsFile {
  source: SourceFacts;
  rows: unknown[];
}

/** Rejects with the worker's LoadError (`{ message, source, line?, column? }`) or ReadCancelled. */
export type ReadFailure = LoadError | ReadCancelled;

/**
 * One worker for one place in the page that reads files (the trace file, each side of a scan),
 * started before the first file so that file's read does not wait for it. A cancel ends the
 * worker mid-read and starts a fresh one.
 */
export class LoadWorker {
  private worker: Worker;

  /** `spawn` starts the worker (a fresh one after each cancel); tests give their own. */
  constructor(private readonly spawn: () => Worker = LoadWorker.spawnReader) {
    this.worker = spawn();
  }

  /** Whether a failure is a cancel (the user's choice, nothing to report) rather than a load error. */
  static cancelled(failure: unknown): failure is ReadCancelled {
    return failure instanceof ReadCancelled;
  }
  /** The request being answered: its reply handler, and what to tell it if a new read displaces it. */
  private busy: { handle: (reply: LoadReply) => void; displaced: () => void } | null = null;

  private static spawnReader(): Worker {
    return new Worker(new URL("./load.worker.ts", import.meta.url), { type: "module", name: "trace-reader" });
  }

  explore(name: string, blob: Blob, labels: LabelSettings, onProgress: ReadProgress): Reading<ExploredFile> {
    return this.read(name, blob, labels, onProgress, (reply, file) => {
      if (reply.type !== "explored") return undefined;
      return {
        source: reply.source,
        labels,
        spans: reply.spans,
        explored: reply.explored,
        relabel: (next: LabelSettings) => this.relabel(next, file),
        questions: questionsBy((question) => this.ask(question, file)),
      };
    });
  }

  rows(name: string, blob: Blob, onProgress: ReadProgress): Reading<RowsFile> {
    return this.read(name, blob, null, onProgress, (reply) => (reply.type === "rows" ? { source: reply.source, rows: reply.rows } : undefined));
  }

  /**
   * Which read the worker's rows came from, counted up by every read: a relabel asked for an
   * earlier file's rows must not run on a later file's (nor displace the later read).
   */
  private file = 0;

  private read<T>(name: string, blob: Blob, labels: LabelSettings | null, onProgress: ReadProgress, result: (reply: LoadReply, file: number) => T | undefined): Reading<T> {
    const file = ++this.file;
    let settle!: { resolve: (value: T) => void; reject: (reason: ReadFailure) => void };
    const done = new Promise<T>((resolve, reject) => {
      settle = { resolve, reject };
    });
    const handler = (reply: LoadReply) => {
      if (reply.type === "progress") return onProgress(reply.read, reply.total);
      this.busy = null;
      if (reply.type === "error") return settle.reject(reply.error);
      const value = result(reply, file);
      if (value !== undefined) settle.resolve(value);
    };
    const request = this.listen(handler, () => settle.reject(new ReadCancelled(name)));
    this.post({ type: "read", blob, name, labels });
    return {
      done,
      cancel: () => {
        if (this.busy === request) this.restart();
      },
    };
  }

  /** Relabels and questions in the order asked, each after the one before: the rows they need stay in the worker. */
  private queue: Promise<unknown> = Promise.resolve();

  private relabel(labels: LabelSettings, file: number): Promise<Explored> {
    return this.queued(file, { type: "relabel", labels }, (reply) => (reply.type === "relabelled" ? reply.explored : undefined));
  }

  private ask(question: RowQuestion, file: number): Promise<RowAnswer> {
    return this.queued(file, { type: "ask", question }, (reply) => (reply.type === "answer" ? reply.answer : undefined));
  }

  /** Sends `request` about `file`'s rows once the requests queued before it are answered. */
  private queued<T>(file: number, request: LoadRequest, accept: (reply: LoadReply) => T | undefined): Promise<T> {
    const replaced = () => new Error("a new file replaced the one asked about");
    const next = this.queue.then(
      () =>
        new Promise<T>((resolve, reject) => {
          // Queued behind requests about a file since replaced: the worker holds other rows now.
          if (file !== this.file) return reject(replaced());
          this.listen(
            (reply) => {
              this.busy = null;
              const value = accept(reply);
              if (value !== undefined) resolve(value);
              else reject(new Error(reply.type === "error" ? reply.error.message : `the trace reader answered ${reply.type} to ${request.type}`));
            },
            () => reject(replaced()),
          );
          this.post(request);
        }),
    );
    this.queue = next.catch(() => undefined);
    return next;
  }

  private listen(handle: (reply: LoadReply) => void, displaced: () => void): NonNullable<LoadWorker["busy"]> {
    // One request at a time: a new read replaces the one before, whose answer is no longer wanted.
    if (this.busy !== null) this.restart();
    const request = { handle, displaced };
    this.busy = request;
    // Rows come ahead of the reply that carries them, in batches (load-protocol.ts): folded in here.
    let ahead: unknown[] = [];
    this.worker.onmessage = (event: MessageEvent<LoadReply>) => {
      if (this.busy !== request) return;
      const reply = event.data;
      if (reply.type === "rows-batch") {
        for (const row of reply.rows) ahead.push(row);
        this.post({ type: "taken" });
        return;
      }
      // Rows the reply carries itself (none from load.worker.ts) come after those sent ahead.
      if (reply.type === "rows") reply.rows = joined(ahead, reply.rows);
      if ((reply.type === "explored" || reply.type === "relabelled") && "exploration" in reply.explored) {
        reply.explored.exploration.rows = joined(ahead as TraceRow[], reply.explored.exploration.rows);
      }
      if (reply.type !== "progress") ahead = [];
      handle(reply);
    };
    this.worker.onerror = (event) => {
      if (this.busy !== request) return;
      handle({ type: "error", error: { message: `the trace reader failed: ${event.message || "could not load it"}`, source: "" } });
    };
    return request;
  }

  private post(request: LoadRequest): void {
    this.worker.postMessage(request);
  }

  /** Ends the worker mid-request (the request is told it was displaced) and starts a fresh one. */
  private restart(): void {
    const displaced = this.busy?.displaced;
    this.busy = null;
    this.worker.terminate();
    this.worker = this.spawn();
    displaced?.();
  }
}

function joined<T>(ahead: T[], own: readonly T[]): T[] {
  for (const row of own) ahead.push(row);
  return ahead;
}
