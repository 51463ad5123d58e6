/** A real HTTP server on 127.0.0.1 that answers scripted replies in order and records every request. */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * `json`: serialised; `text`: sent byte for byte; `drop`: the socket is destroyed without a reply;
 * `hold`: no reply at all until `reset` or `close` drops the connection, so only the client's own
 * abort or timeout ends the request, however slow the machine.
 */
export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; text: string; headers?: Record<string, string> }
  | { drop: true }
  | { hold: true };

export interface RecordedRequest {
  method: string;
  /** Path with the query string, as sent. */
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  /** Resolves once the `n`th request (from 1) since the last `reset` has arrived, body included. */
  received(n: number): Promise<RecordedRequest>;
  /** Replace the scripted replies (and forget recorded requests and waits; held connections are dropped). */
  reset(replies: Reply[]): void;
  close(): Promise<void>;
}

export async function startRecordingServer(replies: Reply[] = []): Promise<RecordingServer> {
  let queue = [...replies];
  const requests: RecordedRequest[] = [];
  let waiters: { n: number; resolve: (request: RecordedRequest) => void }[] = [];
  const held = new Set<IncomingMessage["socket"]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      requests.push(request);
      for (const waiter of waiters.filter((w) => w.n === requests.length)) waiter.resolve(request);
      waiters = waiters.filter((w) => w.n !== requests.length);
      const reply = queue.shift();
      if (reply === undefined) {
        res.writeHead(599, { "content-type": "text/plain" }).end("recording server: no reply scripted");
        return;
      }
      if ("drop" in reply) {
        req.socket.destroy();
      } else if ("hold" in reply) {
        held.add(req.socket);
      } else if ("json" in reply) {
        res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
        res.end(JSON.stringify(reply.json));
      } else {
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.text);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    received(n) {
      const request = requests[n - 1];
      return request ? Promise.resolve(request) : new Promise((resolve) => waiters.push({ n, resolve }));
    },
    reset(next) {
      for (const socket of held) socket.destroy();
      held.clear();
      waiters = [];
      queue = [...next];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
