/** A real HTTP server on 127.0.0.1 that answers scripted replies in order and records every request. */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** `json`: serialised; `text`: sent byte for byte; `drop`: the socket is destroyed without a reply. */
export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; text: string; headers?: Record<string, string> }
  | { drop: true }
  | { delayMs: number; status: number; json: unknown };

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
  /** Replace the scripted replies (and forget recorded requests). */
  reset(replies: Reply[]): void;
  close(): Promise<void>;
}

export async function startRecordingServer(replies: Reply[] = []): Promise<RecordingServer> {
  let queue = [...replies];
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const reply = queue.shift();
      if (reply === undefined) {
        res.writeHead(599, { "content-type": "text/plain" }).end("recording server: no reply scripted");
        return;
      }
      if ("drop" in reply) {
        req.socket.destroy();
        return;
      }
      const send = () => {
        if ("json" in reply) {
          res.writeHead(reply.status, { "content-type": "application/json", ...("headers" in reply ? reply.headers : {}) });
          res.end(JSON.stringify(reply.json));
        } else {
          res.writeHead(reply.status, reply.headers ?? {});
          res.end(reply.text);
        }
      };
      if ("delayMs" in reply) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reset(next) {
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
