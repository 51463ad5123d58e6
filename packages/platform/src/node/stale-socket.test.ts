/**
 * A pooled keep-alive socket the server closed while the client was busy in synchronous code
 * (pushRows encoding 100,000 rows takes seconds): the next POST must not go out on it, since a
 * POST is never retried. The server runs in a child process so it closes the socket on time.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { call } from "../http/call.js";
import { platformRuntime, setPlatformRuntime } from "../runtime.js";
import { createNodeRuntime } from "./runtime.js";

// Answers `{}` to everything; drops idle keep-alive sockets after 5 s, Node's default, as the local
// platform server does (with shorter ones the failure did not show).
const SERVER = `
const { createServer } = require("node:http");
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
});
server.keepAliveTimeout = 5000;
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

const previous = platformRuntime();
let server: ChildProcess | null = null;

afterEach(async () => {
  setPlatformRuntime(previous);
  server?.kill();
  server = null;
});

function busy(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

describe("node runtime", () => {
  it("sends a POST after seconds of synchronous work on a live socket, not on one the server closed", { timeout: 20_000 }, async () => {
    server = spawn(process.execPath, ["-e", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
    const [line] = (await once(server.stdout!, "data")) as [Buffer];
    const port = Number(String(line).trim());
    setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: `http://127.0.0.1:${port}` } }));
    // The requests of a push and a listing, so the pool holds more than one socket.
    await call("POST", "/datasets", { apiKey: "k", body: { name: "n" } });
    await call("PUT", "", { rawUrl: `http://127.0.0.1:${port}/blobs/d`, data: new Uint8Array(1 << 20), contentLength: 1 << 20, contentType: "application/jsonl" });
    await call("POST", "/datasets/d/finalize", { apiKey: "k" });
    await call("GET", "/datasets", { apiKey: "k" });
    // Longer than the server's keep-alive: it has closed a pooled socket when the POST goes out.
    busy(6000);
    expect(await call("POST", "/datasets", { apiKey: "k", body: { name: "n" } })).toEqual({});
  });
});
