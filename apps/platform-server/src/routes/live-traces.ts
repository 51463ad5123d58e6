/**
 * `GET /traces/live`: the account's traces as server-sent events, for the explorer's live view.
 * A trace's rows are rebuilt whenever more of its spans arrive, so each event says "this trace's
 * rows are now [...]" (`event: trace`, data `{"trace": id, "rows": [...]}`, rows `[]` once it
 * was deleted), keyed by the trace id: the page replaces, it never appends. Event ids are
 * `<platform>:<seq>`, the database's order of trace changes (trace_changes), so the database is
 * the buffer: a reader that reconnects with `Last-Event-ID` gets every trace changed after it,
 * each as it stands now, read in pages, and nothing is held in memory per stream but its place.
 * New changes wake a stream at once when this server made them; on PostgreSQL, where another
 * server may write, each stream also looks every `pollMs`. The API key comes as `X-Api-Key`
 * like every other route (the page reads the stream with fetch, never with the key in the URL).
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError } from "../http.js";
import type { Store } from "../store.js";
import type { TraceStore } from "../trace-store.js";

export interface LiveTracesOptions {
  /** How often a stream looks for changes made by other servers, in ms; null when none can write (the embedded database). */
  pollMs: number | null;
  /** A comment line this often keeps idle connections open through proxies, in ms (default 15 s). */
  heartbeatMs?: number;
  /** How long a client waits before reconnecting, in ms (default 500). */
  retryMs?: number;
}

/** Changes read per query: a reconnect after a long gap streams in pages. */
const PAGE = 200;

/** Names this platform's database in event ids: an id from another database (a fresh data directory) replays from the start. */
const PLATFORM_SETTING = "live-platform-id";

/** The seq after which to resume: from `<platform>:<seq>`, 0 for another platform's id; malformed → 400. */
function resumeAfter(id: string, platform: string): number {
  const at = id.lastIndexOf(":");
  const tail = id.slice(at + 1);
  if (at <= 0 || !/^\d+$/.test(tail) || !Number.isSafeInteger(Number(tail))) throw new HttpError(400, `Last-Event-ID ${JSON.stringify(id)} is not <platform>:<seq>`);
  return id.slice(0, at) === platform ? Number(tail) : 0;
}

/** A wake-up that is never lost: one that comes while the stream is busy reading makes the next wait return at once. */
class Wake {
  private pending = false;
  private resolve: (() => void) | null = null;

  ring(): void {
    this.pending = true;
    this.resolve?.();
  }

  wait(): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.resolve = () => {
        this.resolve = null;
        this.pending = false;
        resolve();
      };
    });
  }
}

/** Resolves once a full response buffer has drained (or the client left): a slow reader is not sent more meanwhile. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    res.once("drain", resolve);
    res.once("close", resolve);
  });
}

export class LiveTraces {
  private readonly open = new Set<{ account: string; wake: Wake; heartbeat(): void; end(): void }>();
  private readonly unlisten: () => void;
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private platform: Promise<string> | null = null;
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly traces: TraceStore,
    private readonly options: LiveTracesOptions,
  ) {
    this.unlisten = traces.onChange((account) => {
      for (const stream of this.open) if (stream.account === account) stream.wake.ring();
    });
    const ringAll = () => {
      for (const stream of this.open) stream.wake.ring();
    };
    if (options.pollMs !== null) this.timers.push(setInterval(ringAll, options.pollMs));
    this.timers.push(
      setInterval(() => {
        for (const stream of this.open) stream.heartbeat();
      }, options.heartbeatMs ?? 15_000),
    );
    for (const timer of this.timers) timer.unref();
  }

  /** Answers `GET /traces/live` for `account` (already authenticated). */
  async answer(account: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.closed) throw new HttpError(503, "the server is stopping");
    const platform = await (this.platform ??= this.store.sharedSetting(PLATFORM_SETTING, () => randomBytes(6).toString("hex")));
    const header = req.headers["last-event-id"];
    const id = Array.isArray(header) ? header[0] : header;
    let after = id === undefined || id === "" ? 0 : resumeAfter(id, platform);
    const latest = await this.traces.latestChange(account);
    res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", Connection: "keep-alive", "X-Content-Type-Options": "nosniff" });
    // `latest`: the newest change when the stream opened, so a reader knows when it has caught up.
    res.write(`retry: ${this.options.retryMs ?? 500}\nevent: hello\ndata: ${JSON.stringify({ platform, latest })}\n\n`);

    let ended = false;
    const wake = new Wake();
    const stream = {
      account,
      wake,
      heartbeat: () => void res.write(": still here\n\n"),
      end: () => {
        ended = true;
        wake.ring();
      },
    };
    this.open.add(stream);
    res.on("close", stream.end);
    try {
      while (!ended) {
        const changes = await this.traces.changesAfter(account, after, PAGE);
        let text = "";
        for (const change of changes) {
          // Rows are stored as JSON text (no raw line breaks): one `data:` line holds the event.
          text += `id: ${platform}:${change.seq}\nevent: trace\ndata: {"trace":${JSON.stringify(change.traceId)},"rows":[${change.rows.join(",")}]}\n\n`;
          after = change.seq;
        }
        if (text !== "" && !res.write(text)) await drained(res);
        if (changes.length < PAGE && !ended) await wake.wait();
      }
    } catch (error) {
      // The database closed under a stream the server is ending: nothing to tell a gone client.
      if (!ended) throw error;
    } finally {
      this.open.delete(stream);
      res.off("close", stream.end);
      res.end();
    }
  }

  /** Ends every open stream (before the database closes); later requests are answered 503. */
  close(): void {
    this.closed = true;
    this.unlisten();
    for (const timer of this.timers) clearInterval(timer);
    for (const stream of this.open) stream.end();
  }
}
