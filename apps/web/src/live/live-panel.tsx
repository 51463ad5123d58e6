/**
 * The live view, loaded on demand when the page is served by a receiver: how many rows have
 * arrived, the newest of them, and the stream's state. The running report is the explorer's own
 * (ReportView and the other tabs), fed a snapshot of every row so far at most once a second: the
 * counter moves with each row, the analyses do not rerun per row.
 */
import type { SourceReport } from "@whileai/ingest";
import { useEffect, useRef, useState } from "preact/hooks";
import type { LoadedSource } from "../load/read-source.js";
import { clip, count, counted } from "../views/format.js";
import { openLiveStream, type LiveState } from "./live-stream.js";

/** The counter and newest rows redraw at most this often, in ms. */
const COUNTER_EVERY_MS = 200;
/** The report and the other tabs recompute at most this often, in ms. */
const REPORT_EVERY_MS = 1000;
const NEWEST = 8;

const STATE_TEXT: Record<LiveState, string> = {
  connecting: "connecting…",
  open: "receiving",
  reconnecting: "connection lost, reconnecting (no row is lost: the stream resumes after the last row shown)",
  ended: "the stream ended (the receiver stopped); reload the page once it runs again",
};

/** Runs `run` at most once per `ms`, always once more after the last call. */
function throttled(run: () => void, ms: number): { call(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = -Infinity;
  return {
    call() {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        last = performance.now();
        run();
      }, Math.max(0, last + ms - performance.now()));
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
    },
  };
}

/** The live rows as the explorer's other views take a loaded file. */
function liveSource(url: string, rows: unknown[], bytes: number): LoadedSource {
  const report: SourceReport = {
    input: url,
    format: "rows-jsonl",
    gzip: false,
    records: rows.length,
    rows: rows.length,
    dropped: { invalid_lines: 0, not_object: 0, no_signal: 0, left_out: 0, unreadable: 0 },
    half_read: 0,
    reasons: {},
    problems: [],
    invalid_lines: [],
  };
  return { name: "live rows", bytes, rows, report, spans: new Map() };
}

const field = (row: unknown, key: string): unknown => (row !== null && typeof row === "object" ? (row as Record<string, unknown>)[key] : undefined);

export interface LivePanelProps {
  url: string;
  /** The tabs show the live rows (else a file the user opened). */
  following: boolean;
  onSnapshot(source: LoadedSource): void;
  onFollow(): void;
}

export function LivePanel({ url, following, onSnapshot, onFollow }: LivePanelProps) {
  const received = useRef<{ rows: unknown[]; bytes: number }>({ rows: [], bytes: 0 });
  const [shown, setShown] = useState({ rows: 0, newest: [] as unknown[] });
  const [state, setState] = useState<LiveState>("connecting");
  const [problems, setProblems] = useState<string[]>([]);
  const snapshot = useRef(onSnapshot);
  snapshot.current = onSnapshot;

  useEffect(() => {
    const counter = throttled(() => {
      const { rows } = received.current;
      setShown({ rows: rows.length, newest: rows.slice(-NEWEST).reverse() });
    }, COUNTER_EVERY_MS);
    const report = throttled(() => {
      const { rows, bytes } = received.current;
      // A copy: the views hold on to the array they were given while new rows arrive.
      snapshot.current(liveSource(url, rows.slice(), bytes));
    }, REPORT_EVERY_MS);
    const close = openLiveStream(url, {
      rows(rows, bytes) {
        received.current.rows.push(...rows);
        received.current.bytes += bytes;
        counter.call();
        report.call();
      },
      reset() {
        received.current = { rows: [], bytes: 0 };
        setProblems([]);
        counter.call();
        report.call();
      },
      state: setState,
      problem: (message) => setProblems((list) => [...list, message]),
    });
    return () => {
      close();
      counter.cancel();
      report.cancel();
    };
  }, [url]);

  return (
    <section class="live" data-testid="live" data-state={state} data-rows={shown.rows} data-problems={problems.length}>
      <p>
        <strong data-testid="live-count">{count(shown.rows)}</strong>
        {` ${shown.rows === 1 ? "row" : "rows"} received live from this receiver: `}
        <span class={`live-state ${state}`}>{STATE_TEXT[state]}</span>
        {!following && (
          <button type="button" data-testid="live-follow" onClick={onFollow}>
            Show the live rows
          </button>
        )}
      </p>
      {problems.length > 0 && (
        <ul class="warnings" data-testid="live-problems">
          {problems.map((p, i) => <li key={i}>{p}</li>)}
        </ul>
      )}
      {shown.rows === 0 ? (
        <p class="muted">Waiting for the first conversation: a conversation becomes a row once no span has arrived for it in --idle-ms.</p>
      ) : (
        <>
          <p class="muted">{`Newest ${counted(Math.min(NEWEST, shown.rows), "row")}; the tabs below show every row so far, recomputed at most once a second.`}</p>
          <ol class="live-newest" data-testid="live-newest" reversed start={shown.rows}>
            {shown.newest.map((row, i) => {
              const id = field(row, "conversation_id");
              const prompt = field(row, "prompt");
              const steps = field(row, "steps");
              const reward = field(row, "reward");
              return (
                <li key={shown.rows - i} data-row={shown.rows - i}>
                  {typeof id === "string" && <code>{id}</code>} {clip(typeof prompt === "string" && prompt !== "" ? prompt : "(no prompt)", 80)}
                  <span class="muted">{` · ${Array.isArray(steps) ? counted(steps.length, "step") : "no steps"}${reward === undefined ? "" : ` · reward ${JSON.stringify(reward)}`}`}</span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
