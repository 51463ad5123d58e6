/**
 * A pooled keep-alive socket the server closed while the client was busy in synchronous code
 * (pushRows encoding 100,000 rows takes seconds): the next POST must not go out on it, since a
 * POST is never retried. The server runs in a worker thread, so it closes the socket while this
 * thread is blocked, and counts the sockets it accepted and closed in shared memory.
 */
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { call } from "../http/call.js";
import { platformRuntime, setPlatformRuntime } from "../runtime.js";
import { createNodeRuntime } from "./runtime.js";

const OPENED = 0;
const CLOSED = 1;

// Answers `{}` to everything and drops an idle socket after 100 ms, but advertises Node's default
// 5 s: undici keeps a socket only if the advertised keep-alive is more than 2 s, and Node would
// advertise the real one.
const SERVER = `
const { createServer } = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
const counts = new Int32Array(workerData);
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "application/json", connection: "keep-alive", "keep-alive": "timeout=5" }).end("{}"));
});
server.keepAliveTimeout = 100;
server.on("connection", (socket) => {
  Atomics.add(counts, ${OPENED}, 1);
  socket.on("close", () => {
    Atomics.add(counts, ${CLOSED}, 1);
    Atomics.notify(counts, ${CLOSED});
  });
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage(server.address().port));
`;

/** Blocks this thread, as long synchronous work does, until the server has closed every socket it accepted. */
function blockUntilServerClosedAll(counts: Int32Array): void {
  // Bounded only so that a server that never closes fails the test instead of hanging it.
  const giveUp = Date.now() + 30_000;
  for (;;) {
    const closed = Atomics.load(counts, CLOSED);
    if (closed === Atomics.load(counts, OPENED)) return;
    if (Atomics.wait(counts, CLOSED, closed, giveUp - Date.now()) === "timed-out") {
      throw new Error(`the server closed ${closed} of its ${Atomics.load(counts, OPENED)} sockets`);
    }
  }
}

const previous = platformRuntime();
let server: Worker | null = null;

afterEach(async () => {
  setPlatformRuntime(previous);
  await server?.terminate();
  server = null;
});

describe("node runtime", () => {
  it("sends a POST after seconds of synchronous work on a live socket, not on one the server closed", async () => {
    const counts = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
    server = new Worker(SERVER, { eval: true, workerData: counts.buffer });
    const [port] = (await once(server, "message")) as [number];
    setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: `http://127.0.0.1:${port}` } }));
    // The requests of a push and a listing, so the pool holds more than one socket.
    await call("POST", "/datasets", { apiKey: "k", body: { name: "n" } });
    await call("PUT", "", { rawUrl: `http://127.0.0.1:${port}/blobs/d`, data: new Uint8Array(1 << 20), contentLength: 1 << 20, contentType: "application/jsonl" });
    await call("POST", "/datasets/d/finalize", { apiKey: "k" });
    await call("GET", "/datasets", { apiKey: "k" });
    expect(Atomics.load(counts, OPENED)).toBeGreaterThan(0);
    // The client's event loop stays blocked until the server has closed its pooled sockets.
    blockUntilServerClosedAll(counts);
    expect(await call("POST", "/datasets", { apiKey: "k", body: { name: "n" } })).toEqual({});
  });
});
