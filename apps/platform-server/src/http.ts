/** Request and reply helpers: JSON bodies under a size cap, errors as `{"error": …}` with a status. */
import type { IncomingMessage, ServerResponse } from "node:http";

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
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, `body larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The body parsed as JSON (`{}` when empty); over `limit` bytes → 413, unparsable → 400. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const text = (await readBody(req, limit)).toString("utf8");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, "malformed JSON body");
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Replies with the error. When the request body was not read to the end (a refused upload),
 * the connection is closed after the reply rather than left to drain an unbounded body.
 */
export function sendError(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (!req.complete) res.setHeader("Connection", "close");
  sendJson(res, status, { error: message });
  if (!req.complete) res.on("finish", () => req.destroy());
}
