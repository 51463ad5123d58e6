/**
 * Faults: the real client against the real server on 127.0.0.1 when things go wrong: a server
 * restart mid-session, connections cut during the presigned PUT (by a TCP proxy in front of the
 * blob URLs), an upload still in flight at finalize, and nothing half-finished ever listed as ready.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import { request } from "node:http";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { call, catalog, datasets, pull, pushFile, pushRows, type RetryOptions } from "@whileai/platform/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashFile, writeJsonlFile } from "./testing/big-file.js";
import { startDropProxy, type CutPoint, type DropProxy } from "./testing/drop-proxy.js";
import { scratchDir, scratchServer, startServer, stopServer } from "./testing/scratch-server.js";
import { platformFailure } from "./testing/server.js";
import { blobFiles, startPut, untilBlobs } from "./testing/uploads.js";
import { trajectoryRows } from "../../../bench/trajectories.mjs";
import type { PlatformServerOptions } from "./server.js";
import { openDatabase } from "./db/open.js";
import { testDatabase } from "./testing/test-store.js";

// Retries close together, so a cut connection costs milliseconds, not the default half-second steps.
const FAST: RetryOptions = { retries: 3, baseDelayMs: 5, maxDelayMs: 20 };
// More retries than fit in the test's timeout: only the restarted server's answer ends them, however slow the restart.
const UNTIL_BACK: RetryOptions = { retries: 2_000, baseDelayMs: 50, maxDelayMs: 50 };

const proxies: DropProxy[] = [];
afterEach(async () => {
  for (const proxy of proxies.splice(0)) await proxy.close();
});

/** A scratch server whose presigned URLs go through a proxy that cuts the first `cutFirst` PUT (or GET) connections at `point`. */
async function behindProxy(cutFirst: number, point: CutPoint, options: Partial<PlatformServerOptions> = {}, method: "PUT" | "GET" = "PUT") {
  const proxy = await startDropProxy(cutFirst, point, method);
  proxies.push(proxy);
  const scratch = await scratchServer({ ...options, publicUrl: proxy.url });
  proxy.target = scratch.server.url;
  return { ...scratch, proxy };
}

/** Every dataset record in the server's database, pending ones included (the API lists only ready ones). */
async function storedDatasets(dataDir: string): Promise<{ id: string; status: string }[]> {
  const db = await openDatabase(dataDir, await testDatabase());
  try {
    return await db.all<{ id: string; status: string }>("SELECT id, status FROM datasets ORDER BY seq");
  } finally {
    await db.close();
  }
}

interface Listing {
  datasets: Record<string, unknown>[];
}

const listedIds = async (apiKey: string) => ((await datasets({ apiKey })) as Listing).datasets.map((d) => String(d["datasetId"]));

describe("server restart mid-session", () => {
  it("the client keeps working on a new server over the same data directory and key: list, pull, push", async () => {
    const { server, apiKey, dataDir } = await scratchServer();
    const port = Number(new URL(server.url).port);
    const before = trajectoryRows(300);
    const first = String((await pushRows(before, "before", { apiKey }))["datasetId"]);
    await stopServer(server);

    // A GET sent while the server is down is retried until the new one answers.
    const listing = call("GET", "/datasets", { apiKey, retry: UNTIL_BACK }) as Promise<Listing>;
    await startServer(dataDir, { port });
    expect((await listing).datasets.map((d) => d["datasetId"])).toEqual([first]);

    expect(await pull(first, null, { apiKey })).toEqual(before);
    const after = trajectoryRows(20);
    const second = String((await pushRows(after, "after", { apiKey }))["datasetId"]);
    expect(await listedIds(apiKey)).toEqual([second, first]);
    expect(await pull(second, null, { apiKey })).toEqual(after);
  });

  it("an upload cut by the restart is retried against the new server and lands whole", async () => {
    const { server, apiKey, dataDir, proxy } = await behindProxy(0, { at: "before-reply" });
    const port = Number(new URL(server.url).port);
    const file = join(dataDir, "runs.jsonl");
    const written = await writeJsonlFile(file, 48 << 20);
    let restart: Promise<unknown> | null = null;
    const out = await pushFile(file, null, {
      apiKey,
      gate: false,
      retry: UNTIL_BACK,
      onProgress: ({ bytes }) => {
        // A few MB in, the server goes away under the PUT and comes back on the same port.
        if (bytes >= 4 << 20 && !restart) restart = stopServer(server).then(() => startServer(dataDir, { port, publicUrl: proxy.url }));
      },
    });
    await restart;
    expect(proxy.matched).toBeGreaterThanOrEqual(2);
    expect(out).toMatchObject({ status: "ready", sizeBytes: written.size });
    const id = String(out["datasetId"]);
    expect(await hashFile(join(dataDir, "blobs", `${id}.jsonl`))).toEqual(written);
    expect(await storedDatasets(dataDir)).toEqual([{ id, status: "ready" }]);
    expect(blobFiles(dataDir)).toEqual([`${id}.jsonl`]);
  });
});

describe("a connection cut during the presigned PUT", () => {
  const rows = trajectoryRows(2_000);

  it("cut mid-body: the PUT is retried and exactly one dataset exists, finalized, with the rows", async () => {
    const { apiKey, dataDir, proxy } = await behindProxy(1, { at: "mid-body", afterBytes: 256 << 10 });
    const out = await pushRows(rows, "cut", { apiKey, retry: FAST });
    expect(proxy.cut).toBe(1);
    expect(proxy.matched).toBe(2);
    expect(out).toMatchObject({ status: "ready", rows: rows.length });
    const id = String(out["datasetId"]);
    expect(await storedDatasets(dataDir)).toEqual([{ id, status: "ready" }]);
    expect(await listedIds(apiKey)).toEqual([id]);
    expect(await pull(id, null, { apiKey })).toEqual(rows);
    // The cut attempt's partial bytes were dropped, not left beside the blob.
    expect(blobFiles(dataDir)).toEqual([`${id}.jsonl`]);
  });

  it("cut after the server stored the bytes but before its reply: the retried PUT replaces them, still one dataset", async () => {
    const { apiKey, dataDir, proxy } = await behindProxy(1, { at: "before-reply" });
    const out = await pushRows(rows, "unanswered", { apiKey, retry: FAST });
    expect([proxy.cut, proxy.matched]).toEqual([1, 2]);
    const id = String(out["datasetId"]);
    expect(await storedDatasets(dataDir)).toEqual([{ id, status: "ready" }]);
    expect(out).toMatchObject({ status: "ready", rows: rows.length });
    expect(await pull(id, null, { apiKey })).toEqual(rows);
  });

  it("pushFile's retry reopens the file and sends its exact bytes again", async () => {
    const { apiKey, dataDir, proxy } = await behindProxy(2, { at: "mid-body", afterBytes: 1 << 20 });
    const file = join(dataDir, "runs.jsonl");
    const written = await writeJsonlFile(file, 8 << 20);
    const out = await pushFile(file, null, { apiKey, gate: false, retry: FAST });
    expect([proxy.cut, proxy.matched]).toEqual([2, 3]);
    const id = String(out["datasetId"]);
    expect(await hashFile(join(dataDir, "blobs", `${id}.jsonl`))).toEqual(written);
    expect(blobFiles(dataDir)).toEqual([`${id}.jsonl`]);
  });

  it("cut on every attempt: the push fails naming the upload, and the dataset is never listed or served", async () => {
    const { apiKey, dataDir, proxy } = await behindProxy(Infinity, { at: "mid-body", afterBytes: 64 << 10 });
    const error = await platformFailure(pushRows(rows, "never", { apiKey, retry: FAST }));
    expect(error.message).toMatch(/^upload of \d+ MB failed after \d+s: PUT http:\/\/127\.0\.0\.1:\d+\/blobs\/ds_[0-9a-f]{24} failed: /);
    expect(error.status).toBeNull();
    expect(proxy.matched).toBe(4);
    const [pending] = await storedDatasets(dataDir);
    expect(await storedDatasets(dataDir)).toEqual([{ id: pending!.id, status: "pending" }]);
    expect(await listedIds(apiKey)).toEqual([]);
    // The server drops the last attempt's partial file as it notices the cut, a moment after the client does.
    await untilBlobs(dataDir, (files) => files.length === 0);
    expect((await platformFailure(call("GET", `/datasets/${pending!.id}/download`, { apiKey }))).status).toBe(409);
    expect((await platformFailure(call("POST", `/datasets/${pending!.id}/finalize`, { apiKey }))).status).toBe(409);
  });
});

describe("a connection cut during a part download", () => {
  it("the part is fetched again and pull, to a file or to rows, loses and repeats nothing", async () => {
    const { apiKey, dataDir, proxy } = await behindProxy(2, { at: "mid-reply", afterBytes: 300 << 10 }, { partBytes: 1 << 20 }, "GET");
    const rows = trajectoryRows(6_000);
    const id = String((await pushRows(rows, "parts", { apiKey }))["datasetId"]);
    const grant = (await call("GET", `/datasets/${id}/download`, { apiKey })) as { parts: string[] };
    expect(grant.parts.length).toBeGreaterThanOrEqual(4);
    // A connection is judged by its first request: new ones, so the downloads do not ride an earlier keep-alive connection.
    // (The client reads the closes before its next request: the Node runtime waits for them.)
    const freshConnections = () => proxy.closeConnections();

    // Each pull meets two cuts in its first part: the part is fetched again from its start, twice.
    await freshConnections();
    const file = join(dataDir, "back.jsonl");
    await pull(id, file, { apiKey });
    expect(proxy.cut).toBe(2);
    expect(await hashFile(file)).toEqual(await hashFile(join(dataDir, "blobs", `${id}.jsonl`)));
    await freshConnections();
    proxy.arm(2);
    expect(await pull(id, null, { apiKey })).toEqual(rows);
    expect(proxy.cut).toBe(4);
  });
});

describe("half-finished datasets", () => {
  it("created, uploaded-but-not-finalized and cut uploads are never listed, granted, previewed or published", async () => {
    const { apiKey, dataDir, server } = await behindProxy(1, { at: "mid-body", afterBytes: 1000 });
    const create = async (name: string) => (await call("POST", "/datasets", { apiKey, body: { name } })) as { datasetId: string; uploadUrl: string };
    const createdOnly = await create("created-only");
    const uploaded = await create("uploaded");
    const cut = await create("cut");
    const body = '{"prompt": "p", "reward": 1}\n'.repeat(100);
    expect((await fetch(cut.uploadUrl, { method: "PUT", body }).catch((e: unknown) => e)) instanceof Error).toBe(true);
    expect((await fetch(uploaded.uploadUrl, { method: "PUT", body })).status).toBe(200);

    expect(await listedIds(apiKey)).toEqual([]);
    expect(((await catalog()) as Listing).datasets).toEqual([]);
    for (const { datasetId } of [createdOnly, uploaded, cut]) {
      for (const [method, path, payload] of [
        ["GET", `/datasets/${datasetId}/download`, undefined],
        ["GET", `/datasets/${datasetId}/preview`, undefined],
        ["GET", `/datasets/${datasetId}/profile`, undefined],
        ["POST", `/datasets/${datasetId}/publish`, { agent: "support" }],
      ] as const) {
        const error = await platformFailure(call(method, path, { apiKey, body: payload, retry: { retries: 0 } }));
        expect(error.status, `${method} ${path}`).toBe(409);
      }
      expect((await fetch(`${server.url}/catalog/${datasetId}/download`)).status).toBe(404);
    }
    expect(blobFiles(dataDir)).toEqual([`${uploaded.datasetId}.jsonl`]);
    expect(await call("POST", `/datasets/${uploaded.datasetId}/finalize`, { apiKey })).toMatchObject({ status: "ready", rows: 100 });
    expect(await listedIds(apiKey)).toEqual([uploaded.datasetId]);
  });

  it("an upload still in flight when the dataset is finalized cannot change its bytes (409)", async () => {
    const { apiKey, dataDir } = await scratchServer();
    const { datasetId, uploadUrl } = (await call("POST", "/datasets", { apiKey, body: { name: "raced" } })) as { datasetId: string; uploadUrl: string };
    const v1 = '{"v": 1}\n'.repeat(10);
    expect((await fetch(uploadUrl, { method: "PUT", body: v1 })).status).toBe(200);

    const v2 = Buffer.from('{"v": 2}\n'.repeat(100_000));
    const late = startPut(uploadUrl, v2.subarray(0, 1 << 16), v2.length);
    // The server has taken the second upload (its temporary file exists) before the finalize.
    await untilBlobs(dataDir, (files) => files.some((f) => f.endsWith(".tmp")));
    expect(await call("POST", `/datasets/${datasetId}/finalize`, { apiKey })).toMatchObject({ status: "ready", rows: 10, sizeBytes: v1.length });
    const reply = await late.finish(v2.subarray(1 << 16));
    expect(reply.status).toBe(409);
    expect(JSON.parse(reply.body)).toEqual({ error: `dataset ${datasetId} was finalized while this upload was in flight; its bytes cannot change` });

    expect(await pull(datasetId, null, { apiKey })).toEqual(Array.from({ length: 10 }, () => ({ v: 1 })));
    expect(blobFiles(dataDir)).toEqual([`${datasetId}.jsonl`]);
  });
});

describe("request bodies", () => {
  it("answers malformed JSON on every JSON route with 400 saying where it broke, and keeps nothing", async () => {
    const { server, apiKey } = await scratchServer();
    const id = String((await pushRows([{ prompt: "p", reward: 1 }], "kept", { apiKey }))["datasetId"]);
    const routes = ["/datasets", `/datasets/${id}/meta`, `/datasets/${id}/publish`, "/agents", "/v1/scores", "/datasets/cut"];
    for (const route of routes) {
      const reply = await fetch(`${server.url}${route}`, {
        method: "POST",
        headers: { "X-Api-Key": apiKey, "Content-Type": "application/json" },
        body: '{"name": "x", oops}',
      });
      expect(reply.status, route).toBe(400);
      expect(((await reply.json()) as { error: string }).error, route).toMatch(/^malformed JSON body: .* at position 14/);
    }
    expect(await listedIds(apiKey)).toEqual([id]);
    expect(await call("GET", "/agents", { apiKey })).toEqual({ agents: [] });
  });

  it("answers oversized bodies with 413 that the client reads (not a reset), declared or streamed, and keeps nothing", async () => {
    const { apiKey, dataDir, proxy } = await behindProxy(0, { at: "before-reply" }, { maxJsonBytes: 64 << 10, maxUploadBytes: 1 << 20 });
    // JSON over the cap, sent with its length.
    const meta = await platformFailure(call("POST", "/agents", { apiKey, body: { name: "a", description: "x".repeat(1 << 20) } }));
    expect([meta.status, meta.detail]).toEqual([413, `body larger than ${64 << 10} bytes`]);

    // A file over the upload cap: refused from its Content-Length, once (a 413 is not retried), nothing stored.
    const file = join(dataDir, "big.jsonl");
    writeFileSync(file, '{"prompt": "p"}\n'.repeat(1 << 20));
    const upload = await platformFailure(pushFile(file, null, { apiKey, gate: false, retry: FAST }));
    expect(upload.status).toBe(413);
    expect(upload.message).toMatch(/^upload of 17 MB failed after \d+s: PUT .* -> 413: upload larger than 1048576 bytes\./);
    expect(proxy.matched).toBe(1);

    // Streamed with no declared length: cut off as it passes the cap, still answered with the 413.
    async function* chunks() {
      for (let i = 0; i < 64; i++) yield new Uint8Array(1 << 20).fill(97);
    }
    const { uploadUrl } = (await call("POST", "/datasets", { apiKey, body: { name: "streamed" } })) as { uploadUrl: string };
    expect((await platformFailure(call("PUT", "", { rawUrl: uploadUrl, data: chunks, retry: { retries: 0 } }))).status).toBe(413);
    expect((await platformFailure(call("POST", "/agents", { apiKey, data: chunks }))).status).toBe(413);

    expect(await listedIds(apiKey)).toEqual([]);
    expect((await storedDatasets(dataDir)).map((d) => d.status)).toEqual(["pending", "pending"]);
    expect(blobFiles(dataDir)).toEqual([]);
    expect(await call("GET", "/agents", { apiKey })).toEqual({ agents: [] });
  });
});

/** The built server (`dist/main.js`, what `pnpm start` runs) in a child process on `dataDir` (and the test's database) signing with `signingKey`; resolves once it prints its URL and dev key. */
async function spawnServer(dataDir: string, signingKey: string) {
  const main = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "main.js");
  const env = { ...process.env, PORT: "0", WHILEAI_SERVER_DATA: dataDir, WHILEAI_SIGNING_KEY: signingKey, WHILEAI_DATABASE_URL: (await testDatabase()) ?? "" };
  const child = spawn(process.execPath, [main], { env, stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  let url: string | undefined;
  for await (const line of lines) {
    url ??= /on (http:\/\/\S+) /.exec(line)?.[1];
    const devKey = /^dev API key: (\S+)$/.exec(line)?.[1];
    if (url && devKey) return { child, url, devKey };
  }
  throw new Error("the server exited before printing its URL and dev key");
}

describe("a crash (kill -9) in the middle of an upload", () => {
  /** A server process killed while a PUT is half sent: its partial file and the pending dataset are left as they were. */
  async function crashMidUpload() {
    const dataDir = scratchDir("wai-crash-");
    const signingKey = "crash-test-signing-key";
    const { child, url, devKey } = await spawnServer(dataDir, signingKey);
    const { datasetId, uploadUrl } = (await call("POST", "/datasets", { apiKey: devKey, apiUrl: url, body: { name: "crashed" } })) as { datasetId: string; uploadUrl: string };
    const rows = Buffer.from('{"prompt": "p", "reward": 1}\n'.repeat(40_000));
    const put = request(uploadUrl, { method: "PUT", headers: { "Content-Length": rows.length } });
    put.on("error", () => {});
    put.write(rows.subarray(0, 1 << 18));
    await untilBlobs(dataDir, (files) => files.some((f) => f.endsWith(".tmp")));
    child.kill("SIGKILL");
    await once(child, "exit");
    put.destroy();
    expect(blobFiles(dataDir)).toEqual([expect.stringMatching(new RegExp(`^${datasetId}\\.[0-9a-f]{16}-[0-9a-f]{12}\\.tmp$`))]);
    expect(await storedDatasets(dataDir)).toEqual([{ id: datasetId, status: "pending" }]);
    return { dataDir, datasetId, uploadUrl, rows, signingKey, devKey };
  }

  it("the next start removes the partial file and, once its upload URL has expired, the pending dataset", async () => {
    const { dataDir } = await crashMidUpload();
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      // Started after the upload URL's lifetime: the dataset can never receive bytes.
      await startServer(dataDir, { now: () => Date.now() + 3601_000 });
      expect(warned).toHaveBeenCalledOnce();
    } finally {
      warned.mockRestore();
    }
    expect(blobFiles(dataDir)).toEqual([]);
    expect(await storedDatasets(dataDir)).toEqual([]);
  });

  it("a start while the upload URL still works removes the partial file and keeps the dataset, so the retried PUT lands", async () => {
    const { dataDir, datasetId, uploadUrl, rows, signingKey, devKey } = await crashMidUpload();
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const server = await startServer(dataDir, { signingKey, port: Number(new URL(uploadUrl).port) }).finally(() => warned.mockRestore());
    await server.ensureAccountKey("dev", devKey);
    expect(blobFiles(dataDir)).toEqual([]);
    expect((await fetch(uploadUrl, { method: "PUT", body: rows })).status).toBe(200);
    expect(await call("POST", `/datasets/${datasetId}/finalize`, { apiKey: devKey, apiUrl: server.url })).toMatchObject({ status: "ready", rows: 40_000 });
    expect(blobFiles(dataDir)).toEqual([`${datasetId}.jsonl`]);
  });
});
