/**
 * The live rows of the server that serves this page, read with sse-reader (fetch, so a key can go
 * in a header). Two servers, one model: the page holds rows by key and each event replaces a
 * key's rows.
 * - `wai otel serve` (@whileai/otel's live-row-stream) appends: `row` events numbered `<run>:<n>`,
 *   each one row of its own key. Every number is checked, so a page that lost or repeated a row
 *   says so instead of showing wrong numbers; rows the receiver no longer holds come as one
 *   `dropped` event, said as such.
 * - The local platform (`GET /traces/live`) rebuilds a trace's rows as more of its spans arrive:
 *   `trace` events `{trace, rows}` say "this trace's rows are now [...]", ids `<platform>:<seq>`
 *   in the database's order, so a trace sent again replaces its rows and is never counted twice.
 * The `hello` that opens each connection names the run (or platform); another one than before
 * (the server restarted, or is another database) means start over.
 */
import type { LiveEndpoint } from "./live-endpoint.js";
import { readSse } from "./sse-reader.js";

/** How the stream is doing. */
export type LiveState = "connecting" | "open" | "reconnecting" | "refused" | "ended";

export interface LiveSink {
  /** The rows of `key` are now `rows` (replacing any it had), with the JSON bytes they came as. */
  set(key: string, rows: unknown[], bytes: number): void;
  /** The server is another run than the rows so far came from: start over. */
  reset(): void;
  /** `message`: the server's reason, when the key was refused or the stream ended. */
  state(state: LiveState, message?: string): void;
  /** Something is wrong with what arrived (a gap, a duplicate, a row that is not JSON). */
  problem(message: string): void;
}

const utf8 = new TextEncoder();

/** The number after the last colon of an event id (`<run>:<n>`), or NaN. */
const position = (id: string) => (/^\d+$/.test(id.slice(id.lastIndexOf(":") + 1)) ? Number(id.slice(id.lastIndexOf(":") + 1)) : NaN);

/** Opens the stream of `endpoint` (with `apiKey` in X-Api-Key when it wants one); the function returned closes it. */
export function openLiveStream(endpoint: LiveEndpoint, sink: LiveSink, apiKey: string | null = null): () => void {
  let run: string | null = null;
  let last = 0;
  sink.state("connecting");
  const parse = (data: string, what: string): unknown => {
    try {
      return JSON.parse(data) as unknown;
    } catch (error) {
      sink.problem(`${what} is not JSON (${(error as Error).message}); left out`);
      return undefined;
    }
  };
  return readSse(
    endpoint.url,
    {
      open: () => undefined,
      event({ type, lastEventId, data }) {
        if (type === "hello") {
          const hello = parse(data, "the stream's hello") as { run?: unknown; platform?: unknown } | undefined;
          const id = String(hello?.run ?? hello?.platform ?? "");
          if (run !== null && id !== run) {
            last = 0;
            sink.reset();
          }
          run = id;
          sink.state("open");
          return;
        }
        if (type === "dropped") {
          // The receiver holds only its newest rows (--live-mib): these are in its output, not here.
          const dropped = parse(data, "the stream's dropped notice") as { from?: unknown; to?: unknown } | undefined;
          if (typeof dropped?.from !== "number" || typeof dropped.to !== "number") return sink.problem("the stream's dropped notice names no rows; some rows may be missing");
          if (dropped.to <= last) return;
          sink.problem(`rows ${Math.max(dropped.from, last + 1)} to ${dropped.to} are no longer held by the receiver (it keeps its newest rows for the live view); they are in its output file, and the numbers here leave them out`);
          last = dropped.to;
          return;
        }
        const n = position(lastEventId);
        if (type === "row") {
          if (n <= last) return sink.problem(`row ${n} arrived twice; shown once`);
          if (n !== last + 1) sink.problem(`rows ${last + 1} to ${n - 1} never arrived; reload the page to read them all`);
          last = n;
          const row = parse(data, `row ${n}`);
          if (row !== undefined) sink.set(`#${n}`, [row], utf8.encode(data).length);
        } else if (type === "trace") {
          // The database's order only grows; a change at or before the last one was already applied.
          if (!(n > last)) return sink.problem(`trace change ${lastEventId} arrived out of order; left out`);
          last = n;
          const change = parse(data, `trace change ${lastEventId}`) as { trace?: unknown; rows?: unknown } | undefined;
          if (change === undefined) return;
          if (typeof change.trace !== "string" || !Array.isArray(change.rows)) return sink.problem(`trace change ${lastEventId} has no trace id and rows; left out`);
          // Each row's own JSON, as the otel stream counts a row's bytes.
          sink.set(change.trace, change.rows, change.rows.reduce<number>((sum, row) => sum + utf8.encode(JSON.stringify(row)).length, 0));
        }
      },
      reconnecting: () => sink.state("reconnecting"),
      refused: (status, message) => sink.state("refused", `${status}${message ? `: ${message}` : ""}`),
      ended: (message) => sink.state("ended", message),
    },
    // The receiver's retry (500 ms) comes with the first event; the same before it.
    { headers: apiKey === null ? {} : { "X-Api-Key": apiKey }, retryMs: 500 },
  );
}
