/**
 * The page's handle on the load worker: read a file there (progress as it goes, `cancel()` at any
 * time), then analyse it again under other label settings without reading it again.
 */
import type { LabelSettings } from "../analysis/explore.js";
import type { LoadError } from "./load-error.js";
import type { SpansByConversation } from "@whileai/ingest";
import type { TraceRow } from "@whileai/traces";
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
      return { source: reply.source, labels, spans: reply.spans, explored: reply.explored, relabel: (next: LabelSettings) => this.relabel(next, file) };
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
    // An exploration's rows arrive ahead of it in batches (load-protocol.ts), folded in here.
    const batched: TraceRow[] = [];
    const handler = (reply: LoadReply) => {
      if (reply.type === "progress") return onProgress(reply.read, reply.total);
      if (reply.type === "rows-batch") {
        for (const row of reply.rows) batched.push(row);
        return;
      }
      this.busy = null;
      if (reply.type === "error") return settle.reject(reply.error);
      if (reply.type === "explored" && "exploration" in reply.explored) reply.explored.exploration.rows = batched;
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

  /** Relabels in the order asked, each after the one before: the rows they need stay in the worker. */
  private relabelled: Promise<unknown> = Promise.resolve();

  private relabel(labels: LabelSettings, file: number): Promise<Explored> {
    const replaced = () => new Error("a new file replaced the one being relabelled");
    const next = this.relabelled.then(
      () =>
        new Promise<Explored>((resolve, reject) => {
          // Queued behind relabels of a file since replaced: the worker holds other rows now.
          if (file !== this.file) return reject(replaced());
          this.listen(
            (reply) => {
              this.busy = null;
              if (reply.type === "relabelled") resolve(reply.explored);
              else reject(new Error(reply.type === "error" ? reply.error.message : `the trace reader answered ${reply.type} to a relabel`));
            },
            () => reject(replaced()),
          );
          this.post({ type: "relabel", labels });
        }),
    );
    this.relabelled = next.catch(() => undefined);
    return next;
  }

  private listen(handle: (reply: LoadReply) => void, displaced: () => void): NonNullable<LoadWorker["busy"]> {
    // One request at a time: a new read replaces the one before, whose answer is no longer wanted.
    if (this.busy !== null) this.restart();
    const request = { handle, displaced };
    this.busy = request;
    this.worker.onmessage = (event: MessageEvent<LoadReply>) => {
      if (this.busy === request) handle(event.data);
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
