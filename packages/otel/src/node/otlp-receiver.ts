/**
 * An OTLP/HTTP trace receiver: `POST /v1/traces` with JSON or protobuf bodies (gzip accepted),
 * turned into rows, one per conversation, when the conversation has been idle for `idleMs` and
 * on `close()`; rows go to `onRow` and/or are appended to a JSONL file. Any OpenTelemetry SDK or
 * collector can export to it (point OTEL_EXPORTER_OTLP_TRACES_ENDPOINT at `url`).
 *
 * It never crashes on input: a body over `bodyLimit` is answered 413, a malformed one 400 with
 * the decoder's message, in the request's content type, as the OTLP specification asks.
 * Memory is bounded by the conversation caps (see ConversationBuffer); early emissions are
 * counted in `stats.evicted`.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { OtelRow } from "../assemble.js";
import { ConversationBuffer, type ConversationBufferOptions, type ConversationStats } from "../conversations.js";
import { decodeOtlp } from "../decode/decode-otlp.js";
import { OtlpDecodeError } from "../decode/otlp-decode-error.js";
import { otlpContentEncoding } from "../decode/sniff.js";
import { gunzipNode } from "./gunzip-node.js";
import { encodeRpcStatus } from "./rpc-status.js";

export interface OtlpReceiverOptions extends ConversationBufferOptions {
  /** Port to listen on (default 4318, the OTLP/HTTP port; 0 picks a free one). */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Largest request body accepted, in bytes, before inflating (default 20 MiB, as OTLP recommends). */
  bodyLimit?: number;
  /** Largest body after gunzip, in bytes (default 200 MiB). */
  inflatedLimit?: number;
  /** Called with each completed conversation's row. */
  onRow?: (row: OtelRow) => void;
  /** Append each row as one JSON line to this file. */
  output?: string;
  /** How often idle conversations are looked for, in ms (default: idleMs / 4, at least 50). */
  checkEveryMs?: number;
  /**
   * Answers requests to paths other than `/v1/traces` (e.g. a live explorer on the same origin);
   * returns false for a request it does not serve, which gets the receiver's 404. Requests it
   * serves are not counted in `stats`.
   */
  otherRoutes?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

export interface OtlpReceiverStats extends ConversationStats {
  requests: number;
  /** Requests answered 400 (malformed body), 413 (too large), 415 (unread Content-Encoding), 404/405 (wrong route). */
  rejected: number;
  tooLarge: number;
}

export interface OtlpReceiver {
  /** `http://host:port/v1/traces`. */
  readonly url: string;
  readonly server: Server;
  readonly stats: Readonly<OtlpReceiverStats>;
  /** Stops accepting, emits every open conversation, closes the output file; resolves with the final stats. */
  close(): Promise<OtlpReceiverStats>;
}

const PATH = "/v1/traces";
const INVALID_ARGUMENT = 3;

class BodyTooLarge extends Error {}

export async function startOtlpReceiver(options: OtlpReceiverOptions = {}): Promise<OtlpReceiver> {
  const bodyLimit = options.bodyLimit ?? 20 * 1024 * 1024;
  const inflatedLimit = options.inflatedLimit ?? 200 * 1024 * 1024;
  const buffer = new ConversationBuffer(options);
  const counters = { requests: 0, rejected: 0, tooLarge: 0 };
  const file: WriteStream | null = options.output ? createWriteStream(options.output, { flags: "a" }) : null;
  const deliver = (rows: OtelRow[]) => {
    for (const row of rows) {
      options.onRow?.(row);
      file?.write(`${JSON.stringify(row)}\n`);
    }
  };

  const server = createServer((request, response) => {
    if (options.otherRoutes !== undefined && (request.url ?? "").split("?")[0] !== PATH && options.otherRoutes(request, response)) return;
    counters.requests++;
    handle(request, response).catch((error: unknown) => {
      // Nothing a client sends may take the receiver down.
      counters.rejected++;
      answer(response, 500, isProtobuf(request), error instanceof Error ? error.message : String(error));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const protobufBody = isProtobuf(request);
    const path = (request.url ?? "").split("?")[0];
    if (path !== PATH) {
      counters.rejected++;
      return answer(response, 404, protobufBody, `not found: ${path} (POST OTLP traces to ${PATH})`);
    }
    if (request.method !== "POST") {
      counters.rejected++;
      response.setHeader("Allow", "POST");
      return answer(response, 405, protobufBody, `${request.method} is not allowed on ${PATH}; use POST`);
    }
    const encoding = request.headers["content-encoding"];
    if (otlpContentEncoding(encoding) === null) {
      counters.rejected++;
      // Refused unread; the connection closes rather than carry the body's rest.
      response.setHeader("Connection", "close");
      request.resume();
      return answer(response, 415, protobufBody, `Content-Encoding ${JSON.stringify(encoding)} is not read: send the body as is (identity) or gzip`);
    }
    let body: Uint8Array;
    try {
      body = await readBody(request, bodyLimit);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      counters.rejected++;
      counters.tooLarge++;
      response.setHeader("Connection", "close");
      return answer(response, 413, protobufBody, `request body over the ${bodyLimit}-byte limit`);
    }
    let exports: Awaited<ReturnType<typeof decodeOtlp>>;
    try {
      exports = await decodeOtlp(body, {
        contentType: request.headers["content-type"],
        contentEncoding: request.headers["content-encoding"],
        gunzip: (bytes) => gunzipNode(bytes, inflatedLimit),
        maxInflatedBytes: inflatedLimit,
      });
    } catch (error) {
      counters.rejected++;
      const message = error instanceof OtlpDecodeError || error instanceof Error ? error.message : String(error);
      return answer(response, 400, protobufBody, `malformed OTLP traces body: ${message}`);
    }
    for (const otlp of exports) deliver(buffer.add(otlp));
    response.statusCode = 200;
    if (protobufBody) {
      // An empty ExportTraceServiceResponse: zero bytes.
      response.setHeader("Content-Type", "application/x-protobuf");
      response.end();
    } else {
      response.setHeader("Content-Type", "application/json");
      response.end("{}");
    }
  }

  const idleMs = options.idleMs ?? 30_000;
  const timer = setInterval(() => deliver(buffer.flushIdle()), options.checkEveryMs ?? Math.max(50, idleMs / 4));
  timer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4318, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const stats = (): OtlpReceiverStats => ({ ...buffer.stats, ...counters });

  let closing: Promise<OtlpReceiverStats> | null = null;
  return {
    url: `http://${host}:${address.port}${PATH}`,
    server,
    get stats() {
      return stats();
    },
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        deliver(buffer.flushAll());
        if (file) await new Promise<void>((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve())));
        return stats();
      })();
      return closing;
    },
  };
}

function isProtobuf(request: IncomingMessage): boolean {
  return (request.headers["content-type"] ?? "").toLowerCase().startsWith("application/x-protobuf");
}

/** An error answer as OTLP asks: a google.rpc.Status in the request's content type. */
function answer(response: ServerResponse, status: number, protobufBody: boolean, message: string): void {
  if (response.headersSent) return;
  response.statusCode = status;
  if (protobufBody) {
    response.setHeader("Content-Type", "application/x-protobuf");
    response.end(encodeRpcStatus(INVALID_ARGUMENT, message));
  } else {
    response.setHeader("Content-Type", "application/json");
    response.end(JSON.stringify({ code: INVALID_ARGUMENT, message }));
  }
}

/** The whole body, refusing (without reading on) once it passes `limit` bytes. */
function readBody(request: IncomingMessage, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    request.resume();
    return Promise.reject(new BodyTooLarge());
  }
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    request.on("data", (part: Buffer) => {
      size += part.length;
      if (size > limit) {
        request.removeAllListeners("data");
        request.resume();
        reject(new BodyTooLarge());
        return;
      }
      parts.push(part);
    });
    request.on("end", () => resolve(new Uint8Array(Buffer.concat(parts, size))));
    request.on("error", reject);
  });
}
