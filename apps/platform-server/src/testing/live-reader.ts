/** A test's reader of `GET /traces/live`: fetch with the key in a header, the server-sent events parsed as they come. */

export interface LiveEvent {
  event: string;
  id: string | null;
  data: string;
}

export interface LiveReader {
  status: number;
  /** Every event so far, in order (the hello first). */
  events: LiveEvent[];
  /** The `trace` events' payloads, in order. */
  traces(): { id: string; trace: string; rows: unknown[] }[];
  /** Resolves once `ready()` holds, checked after every event; rejects if the stream ends first. */
  until(ready: (reader: LiveReader) => boolean): Promise<void>;
  /** The last event id seen. */
  lastId(): string | null;
  close(): void;
}

export async function openLive(origin: string, headers: Record<string, string>): Promise<LiveReader> {
  const abort = new AbortController();
  const response = await fetch(`${origin}/traces/live`, { headers, signal: abort.signal });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let ended: Error | null = null;
  const reader: LiveReader = {
    status: response.status,
    events,
    traces: () =>
      events
        .filter((e) => e.event === "trace")
        .map((e) => ({ id: e.id!, ...(JSON.parse(e.data) as { trace: string; rows: unknown[] }) })),
    until: (ready) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (ready(reader)) {
            waiters.delete(check);
            resolve();
          } else if (ended) {
            waiters.delete(check);
            reject(ended);
          }
        };
        waiters.add(check);
        check();
      }),
    lastId: () => {
      for (let i = events.length - 1; i >= 0; i--) if (events[i]!.id !== null) return events[i]!.id;
      return null;
    },
    close: () => abort.abort(),
  };
  if (response.status !== 200 || !response.body) return reader;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: LiveEvent = { event: "message", id: null, data: "" };
          let fields = 0;
          for (const line of block.split("\n")) {
            const at = line.indexOf(": ");
            if (line.startsWith(":") || at < 0) continue;
            const [name, value] = [line.slice(0, at), line.slice(at + 2)];
            if (name === "event") event.event = value;
            else if (name === "id") event.id = value;
            else if (name === "data") event.data = value;
            else continue;
            fields++;
          }
          if (fields > 0) events.push(event);
        }
        for (const check of [...waiters]) check();
      }
      ended = new Error("the stream ended");
    } catch (error) {
      ended = error as Error;
    }
    for (const check of [...waiters]) check();
  })();
  return reader;
}
