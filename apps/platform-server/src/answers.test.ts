/**
 * No request left unanswered: the real server on 127.0.0.1 answers every request it is sent,
 * odd ones included, with a status and a JSON error, never a silence, a closed socket or a 500
 * for what the client got wrong.
 */
import { once } from "node:events";
import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import { call, pushRows } from "@whileai/platform/node";
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "./db/open.js";
import { withMemorySampling } from "./testing/memory-sampler.js";
import { scratchServer } from "./testing/scratch-server.js";
import { platformFailure } from "./testing/server.js";
import { testDatabase } from "./testing/test-store.js";

/** A raw request's status and parsed JSON body. */
async function send(url: string, init: RequestInit & { apiKey?: string }): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers = new Headers(init.headers);
  if (init.apiKey) headers.set("X-Api-Key", init.apiKey);
  const reply = await fetch(url, { ...init, headers });
  const text = await reply.text();
  return { status: reply.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe("an error in a handler after the body is read", () => {
  it("is answered 500 with a JSON error and logged, not left to the client's timeout", async () => {
    const { server, apiKey, dataDir } = await scratchServer();
    // A real fault under the handler: the table it writes to is gone, so the insert throws after the body was read.
    const db = await openDatabase(dataDir, await testDatabase());
    await db.exec(`DROP TABLE datasets${db.kind === "postgres" ? " CASCADE" : ""}`);
    await db.close();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const reply = await send(`${server.url}/datasets`, { method: "POST", apiKey, body: JSON.stringify({ name: "lost" }) });
      expect(reply).toEqual({ status: 500, body: { error: "internal error" } });
      expect(logged).toHaveBeenCalledOnce();
      expect(String(logged.mock.calls[0]![0])).toMatch(/POST \/datasets/);
    } finally {
      logged.mockRestore();
    }
  });
});

describe("a time window too long for a date", () => {
  it("is a 400 naming the parameter on GET /traces, GET /traces/cuts and POST /datasets/cut", async () => {
    const { server, apiKey } = await scratchServer();
    for (const from of ["99999999999999d", "9999999999999999999999h"]) {
      for (const path of ["/traces", "/traces/cuts"]) {
        const reply = await send(`${server.url}${path}?from=${from}`, { apiKey });
        expect(reply.status, `${path} ${from}`).toBe(400);
        expect(String(reply.body["error"])).toMatch(/^from: /);
      }
      const cut = await send(`${server.url}/datasets/cut`, { method: "POST", apiKey, body: JSON.stringify({ kind: "rl", filter: { from } }) });
      expect(cut.status).toBe(400);
      expect(String(cut.body["error"])).toMatch(/^from: .* reaches back further than a date can/);
    }
    // The longest window a date holds still works.
    expect((await send(`${server.url}/traces?from=100000000d`, { apiKey })).status).toBe(200);
  });
});

describe("POST /auth/issue-credential and refresh-credential without ttlSeconds", () => {
  it("take the default lifetime for no body, {} and {name}", async () => {
    const { server, apiKey } = await scratchServer();
    const bearer = { Authorization: `Bearer ${apiKey}` };
    const issued: string[] = [];
    for (const body of [undefined, "{}", '{"name":"c"}']) {
      const reply = await send(`${server.url}/auth/issue-credential`, { method: "POST", headers: bearer, body });
      expect(reply.status, String(body)).toBe(200);
      expect(reply.body).toMatchObject({ name: body?.includes('"c"') ? "c" : "sdk-default", ttlSeconds: 3600 });
      issued.push(String(reply.body["credential"]));
    }
    const refreshed = await send(`${server.url}/auth/refresh-credential`, { method: "POST", headers: bearer, body: JSON.stringify({ credential: issued[2] }) });
    expect(refreshed).toMatchObject({ status: 200, body: { name: "c", ttlSeconds: 3600, replaced: true } });
  });
});

describe("presigned URLs", () => {
  it("verify only in their signed form: leading zeros in expires, start or end are refused", async () => {
    const { apiKey } = await scratchServer();
    const id = String((await pushRows([{ prompt: "p" }], "zeros", { apiKey }))["datasetId"]);
    const { parts } = (await call("GET", `/datasets/${id}/download`, { apiKey })) as { parts: string[] };
    const url = new URL(parts[0]!);
    expect((await fetch(url)).status).toBe(200);
    for (const name of ["expires", "start", "end"]) {
      const padded = new URL(url);
      padded.searchParams.set(name, `0${url.searchParams.get(name)}`);
      expect((await send(padded.href, {})).body, name).toEqual({ error: "presigned URL refused: invalid signature" });
    }
  });
});

describe("the Hugging Face routes without a Hub", () => {
  it("answer 404 for another account's dataset before 501", async () => {
    const { server, apiKey } = await scratchServer();
    const theirs = String((await pushRows([{ prompt: "p" }], "theirs", { apiKey }))["datasetId"]);
    const bob = (await server.createAccount("bob")).apiKey;
    const reply = await send(`${server.url}/datasets/${theirs}/hf-publish`, { method: "POST", apiKey: bob, body: "{}" });
    expect(reply).toEqual({ status: 404, body: { error: `dataset ${theirs} not found` } });
    expect((await send(`${server.url}/datasets/${theirs}/hf-publish`, { method: "POST", apiKey, body: "{}" })).status).toBe(501);
  });
});

describe("POST /v1/traces with a Content-Encoding it cannot read", () => {
  it("answers 415 naming the encoding, and still reads identity and gzip", async () => {
    const { server, apiKey } = await scratchServer();
    const body = JSON.stringify({ resourceSpans: [] });
    for (const encoding of ["br", "deflate", "zstd", "gzip, br"]) {
      const reply = await send(`${server.url}/v1/traces`, { method: "POST", apiKey, headers: { "Content-Type": "application/json", "Content-Encoding": encoding }, body });
      expect(reply.status, encoding).toBe(415);
      expect(String(reply.body["error"])).toContain(JSON.stringify(encoding));
    }
    for (const [encoding, bytes] of [["identity", body], ["gzip", gzipSync(body)], ["GZIP", gzipSync(body)]] as const) {
      const reply = await send(`${server.url}/v1/traces`, { method: "POST", apiKey, headers: { "Content-Type": "application/json", "Content-Encoding": encoding }, body: bytes });
      expect(reply, encoding).toEqual({ status: 200, body: { traces: 0, runs: 0 } });
    }
  });
});

describe("parentDatasetId", () => {
  it("must name one of the caller's datasets: another account's answers as a missing one does", async () => {
    const { server, apiKey } = await scratchServer();
    const own = String((await pushRows([{ prompt: "p" }], "own", { apiKey }))["datasetId"]);
    const bob = (await server.createAccount("bob")).apiKey;
    const missing = "ds_000000000000000000000000";
    for (const parent of [own, missing, "not-an-id"]) {
      const error = await platformFailure(call("POST", "/datasets", { apiKey: bob, body: { name: "child", parentDatasetId: parent } }));
      expect([error.status, error.detail], parent).toEqual([404, `parentDatasetId: dataset ${parent} not found`]);
    }
    expect(await call("POST", "/datasets", { apiKey, body: { name: "child", parentDatasetId: own } })).toHaveProperty("datasetId");
  });
});

describe("CONNECT", () => {
  it("is answered 405, not met with a closed socket", async () => {
    const { server } = await scratchServer();
    const { port } = new URL(server.url);
    const socket = connect(Number(port), "127.0.0.1");
    await once(socket, "connect");
    socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    let reply = "";
    socket.on("data", (chunk: Buffer) => (reply += chunk.toString("latin1")));
    await once(socket, "close");
    expect(reply).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4))).toEqual({ error: "method not allowed" });
  });
});

describe("gzip bombs on /v1/traces", () => {
  it("are refused with 400 having held one chunk of the inflated body, never the 256 MiB the limit allows", async () => {
    const { server, apiKey } = await scratchServer();
    // Gzip members may be concatenated: 24 of 16 MiB of zeros are a 400 KB body inflating to 384 MiB.
    const member = gzipSync(Buffer.alloc(16 << 20));
    const bomb = Buffer.concat(Array.from({ length: 24 }, () => member));
    const before = process.memoryUsage().rss;
    const { result, peak } = await withMemorySampling(async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 2; i++) {
        const reply = await send(`${server.url}/v1/traces`, { method: "POST", apiKey, headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" }, body: bomb });
        expect(reply.body).toEqual({ error: `gzip: body inflates past the ${16 * 16 << 20}-byte limit` });
        statuses.push(reply.status);
      }
      return statuses;
    });
    expect(result).toEqual([400, 400]);
    // The server holds one 256 KiB chunk at a time, but V8 frees the chunks it let go of only
    // once ~64 MiB of external memory has piled up, so the bounds sit well above that and far
    // below the 256 MiB a buffering inflater would show.
    expect(peak.jsGrowth).toBeLessThan(128 << 20);
    expect(peak.rssGrowth).toBeLessThan(160 << 20);
    expect(process.memoryUsage().rss - before).toBeLessThan(128 << 20);
  });
});
