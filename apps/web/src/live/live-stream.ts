/**
 * The receiver's live rows (server-sent events, see @whileai/otel's live-row-stream) read with
 * EventSource. EventSource reconnects by itself and sends the last event id, so the server sends
 * only the rows after it; this side still checks every row's number, and counts any row seen
 * twice or any gap, so a page that lost or repeated a row says so instead of showing wrong numbers.
 */

/** How the stream is doing. */
export type LiveState = "connecting" | "open" | "reconnecting" | "ended";

export interface LiveSink {
  /** Rows of this run, in order, with the JSON bytes they came as. */
  rows(rows: unknown[], bytes: number): void;
  /** The server is another run than the rows so far came from (it restarted): start over. */
  reset(): void;
  state(state: LiveState): void;
  /** Something is wrong with what arrived (a gap, a duplicate, a row that is not JSON). */
  problem(message: string): void;
}

/** Opens the stream at `url`; the function returned closes it. */
const utf8 = new TextEncoder();

export function openLiveStream(url: string, sink: LiveSink): () => void {
  const source = new EventSource(url);
  let run: string | null = null;
  let last = 0;
  sink.state("connecting");
  source.addEventListener("hello", (event) => {
    const hello = JSON.parse(event.data) as { run: string };
    if (run !== null && hello.run !== run) {
      last = 0;
      sink.reset();
    }
    run = hello.run;
    sink.state("open");
  });
  source.addEventListener("row", (event) => {
    const id = event.lastEventId;
    const n = Number(id.slice(id.lastIndexOf(":") + 1));
    if (n <= last) {
      sink.problem(`row ${n} arrived twice; shown once`);
      return;
    }
    if (n !== last + 1) sink.problem(`rows ${last + 1} to ${n - 1} never arrived; reload the page to read them all`);
    last = n;
    let row: unknown;
    try {
      row = JSON.parse(event.data);
    } catch (error) {
      sink.problem(`row ${n} is not JSON (${(error as Error).message}); left out`);
      return;
    }
    sink.rows([row], utf8.encode(event.data).length);
  });
  source.onerror = () => sink.state(source.readyState === EventSource.CLOSED ? "ended" : "reconnecting");
  return () => source.close();
}
