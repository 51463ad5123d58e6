/**
 * Server-sent events read with fetch() and a stream parser instead of EventSource, which can send
 * no header of its own: a platform's stream wants the account's API key, and a key must never go
 * into a URL (URLs land in logs and history). Like EventSource, it sends the last event id as
 * `Last-Event-ID` when it reconnects, waits the server's `retry:` before doing so, and keeps
 * trying while the network is down; unlike it, a refused key (401/403) is told apart from a server
 * that stopped. Parsing follows the HTML standard's event-stream rules (any line ending, a field's
 * one optional space, `data:` lines joined by newlines, an event dispatched at a blank line).
 */

export interface SseEvent {
  type: string;
  /** The stream's last event id when this event came (the event's own, or an earlier one's). */
  lastEventId: string;
  data: string;
}

export interface SseHandlers {
  /** Connected: the server answered 200 with an event stream. */
  open(): void;
  event(event: SseEvent): void;
  /** The connection broke; it is tried again after the retry delay. */
  reconnecting(): void;
  /** The server refused the request's credentials (401 or 403): not tried again. `message` is the server's reason when it gave one. */
  refused(status: number, message: string): void;
  /** The server answered with another error, or not with an event stream: not tried again. */
  ended(message: string): void;
}

export interface SseOptions {
  /** Headers sent with every request (an API key, say). */
  headers?: Record<string, string>;
  /** The first reconnect delay in ms, until the server sends `retry:` (default 1000, as browsers). */
  retryMs?: number;
}

/** The server's reason in an error reply: `{"error": …}` JSON, else its text, shortened. */
async function reason(response: Response): Promise<string> {
  const text = (await response.text().catch(() => "")).trim();
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === "string") return body.error;
  } catch {
    // Not JSON: the text itself.
  }
  return text.slice(0, 200);
}

/** Feeds text as it arrives; calls `dispatch` per complete event and `retry` per valid `retry:` field. The id carries over from `lastEventId` (a reconnect's). */
export function sseParser(dispatch: (event: SseEvent) => void, retry: (ms: number) => void, startId = ""): { feed(text: string): void; lastEventId(): string } {
  let buffer = "";
  let data: string[] = [];
  let type = "";
  // The id field is buffered and becomes the last id only when its event is dispatched: a
  // connection cut between an id line and its blank line must resume before that event.
  let idBuffer = startId;
  let lastEventId = startId;
  // A CR at a chunk's end may be the first half of CRLF: held until the next chunk shows.
  let pendingCr = false;
  const line = (text: string) => {
    if (text === "") {
      lastEventId = idBuffer;
      if (data.length > 0) dispatch({ type: type || "message", lastEventId, data: data.join("\n") });
      data = [];
      type = "";
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const name = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (name === "data") data.push(value);
    else if (name === "event") type = value;
    else if (name === "id" && !value.includes("\0")) idBuffer = value;
    else if (name === "retry" && /^\d+$/.test(value)) retry(Number(value));
  };
  return {
    feed(text) {
      // An empty chunk says nothing about the CR held from the one before.
      if (text === "") return;
      if (pendingCr && text.startsWith("\n")) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== "\n" && c !== "\r") continue;
        line(buffer.slice(start, i));
        if (c === "\r") {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === "\n") i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    lastEventId: () => lastEventId,
  };
}

/** Opens the stream at `url` and keeps it open; the function returned closes it for good. */
export function readSse(url: string, handlers: SseHandlers, options: SseOptions = {}): () => void {
  const abort = new AbortController();
  let retryMs = options.retryMs ?? 1000;
  let lastEventId = "";
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    const headers: Record<string, string> = { Accept: "text/event-stream", ...options.headers };
    if (lastEventId !== "") headers["Last-Event-ID"] = lastEventId;
    let response: Response;
    try {
      response = await fetch(url, { headers, cache: "no-store", signal: abort.signal });
    } catch {
      return again();
    }
    if (response.status === 401 || response.status === 403) return handlers.refused(response.status, await reason(response));
    if (!response.ok) return handlers.ended(`the server answered ${response.status}${await reason(response).then((r) => (r ? `: ${r}` : ""))}`);
    if (!(response.headers.get("content-type") ?? "").startsWith("text/event-stream") || !response.body) {
      await response.body?.cancel();
      return handlers.ended(`the server answered ${response.headers.get("content-type") ?? "no content type"}, not an event stream`);
    }
    handlers.open();
    // Each connection parses afresh but for the id, which carries over as EventSource's does.
    const parser = sseParser(
      (event) => handlers.event(event),
      (ms) => (retryMs = ms),
      lastEventId,
    );
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
        lastEventId = parser.lastEventId();
      }
    } catch {
      // The connection broke mid-stream: reconnect below.
    }
    again();
  };

  const again = () => {
    if (abort.signal.aborted) return;
    handlers.reconnecting();
    timer = setTimeout(() => void connect(), retryMs);
  };

  void connect();
  return () => {
    abort.abort();
    if (timer !== null) clearTimeout(timer);
  };
}
