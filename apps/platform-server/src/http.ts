/** Request and reply helpers: JSON bodies under a size cap, errors as `{"error": …}` with a status. */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

/** An error the client should see: its status and message become the reply. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `Content-Length` when the client declared one, else null (a chunked body). */
export function declaredLength(req: IncomingMessage): number | null {
  const v = req.headers["content-length"];
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : null;
}

/** The whole body; over `limit` bytes → 413. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = declaredLength(req);
  if (declared !== null && declared > limit) throw new HttpError(413, `body larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  // Not destroyed on the way out: the 413 reply drains the rest (see sendError).
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, `body larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The body parsed as JSON (`{}` when empty); over `limit` bytes → 413, unparsable → 400 saying where. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const text = (await readBody(req, limit)).toString("utf8");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // The parser's reason says where it broke ("… in JSON at position 13").
    throw new HttpError(400, `malformed JSON body: ${(error as Error).message}`);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

// How long a refused request's unread body is still read (and dropped) after the reply.
const LINGER_MS = 2000;

/**
 * Replies with the error. When the request body was not read to the end (a refused upload), the
 * rest is read and dropped for up to LINGER_MS before the connection is cut, as web servers
 * linger: closing at once makes the client, still writing, get a reset that discards the reply
 * (a pushFile over the cap saw "write ECONNRESET", retried four times, never the 413).
 */
export function sendError(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (!req.complete) linger(req);
  sendJson(res, status, { error: message });
}

function linger(req: IncomingMessage): void {
  const socket = req.socket as IncomingMessage["socket"] | null;
  if (!socket || socket.destroyed) return;
  const cut = setTimeout(() => socket.destroy(), LINGER_MS);
  const stop = () => clearTimeout(cut);
  req.once("end", stop);
  socket.once("close", stop);
  req.resume();
}

/** Answers a CONNECT (which Node hands over as a bare socket) 405 and closes the connection. */
export function refuseConnect(socket: Duplex): void {
  const text = JSON.stringify({ error: "method not allowed" });
  const head = [`HTTP/1.1 405 ${STATUS_CODES[405]}`, "Content-Type: application/json", `Content-Length: ${Buffer.byteLength(text)}`, "Connection: close"];
  socket.on("error", () => socket.destroy());
  socket.end(`${head.join("\r\n")}\r\n\r\n${text}`);
}
