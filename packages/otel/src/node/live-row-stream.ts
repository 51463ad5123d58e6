/**
 * Rows as they complete, streamed to browsers as server-sent events (`text/event-stream`), so a
 * page on the receiver's origin shows conversations as they arrive. Every row keeps its place in
 * the run (1, 2, 3, ...) and is sent with the id `<run>:<n>`; a client that reconnects (EventSource
 * does so by itself, sending the last id as `Last-Event-ID`) gets exactly the rows after it, none
 * twice and none missed. An id from another run (the server restarted) replays this run from its
 * first row; the `hello` event that opens every stream names the run, so the client knows to start over.
 *
 * The rows are held as their JSON text, so a reconnect, or a page opened late, sees every row of
 * the run, up to `maxBytes` of it: past that the oldest rows are let go (a receiver that runs for
 * days must not grow without end), and a client that asks for rows no longer held gets a `dropped`
 * event naming them before the rows that are, so it can say what it is missing. Every row is still
 * in the receiver's output; only the live view's copy is capped.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export interface LiveRowStreamOptions {
  /** How long a disconnected EventSource waits before it reconnects, in ms (default 500). */
  retryMs?: number;
  /** A comment line this often keeps idle connections open through proxies, in ms (default 15 s). */
  heartbeatMs?: number;
  /** The most row JSON (UTF-16 code units, about bytes) held for late pages and reconnects (default 256 MiB). */
  maxBytes?: number;
}

export interface LiveRowStream {
  /** The run's id: a fresh one each time a stream is made. */
  readonly run: string;
  /** Rows pushed so far. */
  readonly size: number;
  /** The first row still held: 1 until the cap lets rows go (the newest row is always held). */
  readonly first: number;
  /** Adds a completed row and sends it to every open stream. */
  push(row: unknown): void;
  /** Answers `GET` with the event stream (rows after `Last-Event-ID`, or `?after=<id>`, then each new one). */
  answer(request: IncomingMessage, response: ServerResponse): void;
  /** Ends every open stream (a server waits for them before it closes); later requests are answered 503. */
  close(): void;
}

/** The position an event id names in this run: 0 (from the start) for another run's id. */
function positionAfter(id: string, run: string): number | Error {
  const at = id.lastIndexOf(":");
  const n = Number(id.slice(at + 1));
  if (at <= 0 || !/^\d+$/.test(id.slice(at + 1)) || !Number.isSafeInteger(n)) return new Error(`event id ${JSON.stringify(id)} is not <run>:<row number>`);
  return id.slice(0, at) === run ? n : 0;
}

export function createLiveRowStream(options: LiveRowStreamOptions = {}): LiveRowStream {
  const run = randomBytes(6).toString("hex");
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  // Held rows are held[head..]: row n is held[head + n - first]. Let-go rows leave holes at the
  // front, compacted once they are half the array (so letting go costs O(1) per row).
  const held: string[] = [];
  let head = 0;
  let first = 1;
  let size = 0;
  let heldBytes = 0;
  const open = new Set<ServerResponse>();
  let closed = false;
  const event = (n: number) => `id: ${run}:${n}\nevent: row\ndata: ${held[head + n - first]}\n\n`;
  const letGoOldest = () => {
    heldBytes -= held[head].length;
    held[head] = "";
    head++;
    first++;
    if (head > 1024 && head * 2 > held.length) {
      held.splice(0, head);
      head = 0;
    }
  };

  const heartbeat = setInterval(() => {
    for (const response of open) response.write(": still here\n\n");
  }, options.heartbeatMs ?? 15_000);
  heartbeat.unref();

  return {
    run,
    get size() {
      return size;
    },
    get first() {
      return first;
    },
    push(row) {
      // JSON text has no raw line breaks (they are escaped in strings): one `data:` line holds it.
      const json = JSON.stringify(row);
      held.push(json);
      heldBytes += json.length;
      size++;
      const text = event(size);
      for (const response of open) response.write(text);
      // The newest row stays held even alone over the cap: a page opened now still sees it.
      while (heldBytes > maxBytes && first < size) letGoOldest();
    },
    answer(request, response) {
      if (request.method !== "GET" && request.method !== "HEAD") {
        response.writeHead(405, { Allow: "GET", "Content-Type": "text/plain; charset=utf-8" }).end(`${request.method} is not allowed here; GET the event stream\n`);
        return;
      }
      if (closed) {
        response.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" }).end("the receiver is stopping\n");
        return;
      }
      const header = request.headers["last-event-id"];
      const query = new URL(request.url ?? "/", "http://x").searchParams.get("after");
      const id = (Array.isArray(header) ? header[0] : header) ?? query;
      const after = id === undefined || id === null || id === "" ? 0 : positionAfter(id, run);
      if (after instanceof Error) {
        response.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end(`${after.message}\n`);
        return;
      }
      response.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", Connection: "keep-alive" });
      if (request.method === "HEAD") {
        response.end();
        return;
      }
      response.write(`retry: ${options.retryMs ?? 500}\nevent: hello\ndata: ${JSON.stringify({ run, rows: size, first })}\n\n`);
      // An id past this run's rows (a client ahead of a server it never met) replays nothing it has not seen.
      const from = Math.min(after, size) + 1;
      // No id: the client's Last-Event-ID stays the last row it really has.
      let replay = from < first ? `event: dropped\ndata: ${JSON.stringify({ from, to: first - 1 })}\n\n` : "";
      for (let n = Math.max(from, first); n <= size; n++) replay += event(n);
      if (replay !== "") response.write(replay);
      open.add(response);
      response.on("close", () => open.delete(response));
    },
    close() {
      closed = true;
      clearInterval(heartbeat);
      for (const response of open) response.end();
      open.clear();
    },
  };
}
