/**
 * The live view, loaded on demand when the page is served by a receiver or the local platform:
 * how many rows have arrived, the newest of them, and the stream's state (and, for the platform,
 * the API key it asks for, kept in this tab's sessionStorage only). The running report is the explorer's own
 * (ReportView and the other tabs), fed a snapshot of every row so far at most once a second: the
 * counter moves with each row, the analyses do not rerun per row.
 */
import type { SourceReport } from "@whileai/ingest";
import { useEffect, useRef, useState } from "preact/hooks";
import type { LoadedSource } from "../load/read-source.js";
import { clip, count, counted } from "../views/format.js";
import type { LiveEndpoint } from "./live-endpoint.js";
import { openLiveStream, type LiveState } from "./live-stream.js";

/** The counter and newest rows redraw at most this often, in ms. */
const COUNTER_EVERY_MS = 200;
/** The report and the other tabs recompute at most this often, in ms. */
const REPORT_EVERY_MS = 1000;
const NEWEST = 8;

/** What each state says; `message` is the server's reason, when it gave one. */
function stateText(state: LiveState, platform: boolean, message: string): string {
  switch (state) {
    case "connecting":
      return "connecting…";
    case "open":
      return "receiving";
    case "reconnecting":
      return "connection lost, reconnecting (no row is lost: the stream resumes after the last row shown)";
    case "refused":
      return `the server refused this API key (${message}); enter an account's key`;
    case "ended":
      return `the stream ended (${message || (platform ? "the platform stopped" : "the receiver stopped")}); reload the page once it runs again`;
  }
}

/** The tab's API key for the platform's stream: this tab only (sessionStorage), never in the URL or localStorage. */
const KEY_ITEM = "whileai-live-api-key";

function storedKey(): string | null {
  try {
    return sessionStorage.getItem(KEY_ITEM);
  } catch {
    // Storage turned off: the key lives as long as the page.
    return null;
  }
}

function storeKey(key: string | null): void {
  try {
    if (key === null) sessionStorage.removeItem(KEY_ITEM);
    else sessionStorage.setItem(KEY_ITEM, key);
  } catch {
    // Storage turned off: nothing kept, nothing to forget.
  }
}

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
  endpoint: LiveEndpoint;
  /** The tabs show the live rows (else a file the user opened). */
  following: boolean;
  onSnapshot(source: LoadedSource): void;
  onFollow(): void;
}

/** The rows received, by key (a row number, or a trace id), most recently changed last. */
interface Received {
  byKey: Map<string, { rows: unknown[]; bytes: number }>;
  rows: number;
  bytes: number;
}

const nothingReceived = (): Received => ({ byKey: new Map(), rows: 0, bytes: 0 });

/** The newest `n` rows, newest first: the last changed keys' rows, from the end. */
function newestRows(received: Received, n: number): unknown[] {
  const out: unknown[] = [];
  const entries = [...received.byKey.values()];
  for (let i = entries.length - 1; i >= 0 && out.length < n; i--) {
    const rows = entries[i]!.rows;
    for (let j = rows.length - 1; j >= 0 && out.length < n; j--) out.push(rows[j]);
  }
  return out;
}

export function LivePanel({ endpoint, following, onSnapshot, onFollow }: LivePanelProps) {
  const platform = endpoint.auth === "api-key";
  const received = useRef<Received>(nothingReceived());
  const [shown, setShown] = useState({ rows: 0, keys: 0, newest: [] as unknown[] });
  const [state, setState] = useState<{ state: LiveState; message: string }>({ state: "connecting", message: "" });
  const [problems, setProblems] = useState<string[]>([]);
  const [apiKey, setApiKey] = useState<string | null>(() => (platform ? storedKey() : null));
  const [typed, setTyped] = useState("");
  const snapshot = useRef(onSnapshot);
  snapshot.current = onSnapshot;

  useEffect(() => {
    if (platform && apiKey === null) return;
    received.current = nothingReceived();
    const counter = throttled(() => {
      const now = received.current;
      setShown({ rows: now.rows, keys: now.byKey.size, newest: newestRows(now, NEWEST) });
    }, COUNTER_EVERY_MS);
    const report = throttled(() => {
      const now = received.current;
      // A fresh array: the views hold on to the one they were given while new rows arrive.
      snapshot.current(liveSource(endpoint.url, [...now.byKey.values()].flatMap((entry) => entry.rows), now.bytes));
    }, REPORT_EVERY_MS);
    counter.call();
    const close = openLiveStream(
      endpoint,
      {
        set(key, rows, bytes) {
          const now = received.current;
          const before = now.byKey.get(key);
          // Deleted first, so a key sent again moves to the end (the newest).
          now.byKey.delete(key);
          if (rows.length > 0) now.byKey.set(key, { rows, bytes });
          now.rows += rows.length - (before?.rows.length ?? 0);
          now.bytes += bytes - (before?.bytes ?? 0);
          counter.call();
          report.call();
        },
        reset() {
          received.current = nothingReceived();
          setProblems([]);
          counter.call();
          report.call();
        },
        state(next, message = "") {
          setState({ state: next, message });
          if (next === "refused") {
            storeKey(null);
            setApiKey(null);
          }
        },
        problem: (message) => setProblems((list) => [...list, message]),
      },
      apiKey,
    );
    return () => {
      close();
      counter.cancel();
      report.cancel();
    };
  }, [endpoint, apiKey]);

  const source = platform ? "from this platform" : "live from this receiver";
  const asking = platform && apiKey === null;
  return (
    <section class="live" data-testid="live" data-state={asking && state.state !== "refused" ? "needs-key" : state.state} data-rows={shown.rows} data-problems={problems.length}>
      {asking ? (
        <form
          class="live-key"
          data-testid="live-key"
          onSubmit={(event) => {
            event.preventDefault();
            const key = typed.trim();
            if (key === "") return;
            storeKey(key);
            setTyped("");
            setProblems([]);
            setState({ state: "connecting", message: "" });
            setApiKey(key);
          }}
        >
          {state.state === "refused" ? (
            <p class="warnings" role="alert" data-testid="live-refused">
              {stateText("refused", platform, state.message)}
            </p>
          ) : (
            <p>This platform streams an account's traces as they arrive. Its API key (the dev key `wai serve` printed, or an account's) stays in this tab only.</p>
          )}
          <label>
            API key{" "}
            <input type="password" autocomplete="off" spellcheck={false} data-testid="live-key-input" value={typed} onInput={(event) => setTyped((event.target as HTMLInputElement).value)} />
          </label>
          <button type="submit">Show the live traces</button>
        </form>
      ) : (
        <p>
          <strong data-testid="live-count">{count(shown.rows)}</strong>
          {` ${shown.rows === 1 ? "row" : "rows"}${platform ? ` in ${counted(shown.keys, "trace")}` : ""} received ${source}: `}
          <span class={`live-state ${state.state}`}>{stateText(state.state, platform, state.message)}</span>
          {!following && (
            <button type="button" data-testid="live-follow" onClick={onFollow}>
              Show the live rows
            </button>
          )}
          {platform && (
            <button
              type="button"
              data-testid="live-forget-key"
              onClick={() => {
                storeKey(null);
                setApiKey(null);
                setState({ state: "connecting", message: "" });
              }}
            >
              Forget the key
            </button>
          )}
        </p>
      )}
      {problems.length > 0 && (
        <ul class="warnings" data-testid="live-problems">
          {problems.map((p, i) => <li key={i}>{p}</li>)}
        </ul>
      )}
      {asking ? null : shown.rows === 0 ? (
        <p class="muted">
          {platform
            ? "Waiting for the first trace: point an exporter at this server's /v1/traces with the key in X-Api-Key; a trace's rows are shown as its spans arrive, and replaced as more come."
            : "Waiting for the first conversation: a conversation becomes a row once no span has arrived for it in --idle-ms."}
        </p>
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
