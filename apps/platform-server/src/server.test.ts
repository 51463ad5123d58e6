/** The real client (`@whileai/platform/node`) against the real server over 127.0.0.1, on temporary data directories. */
import { mkdtempSync, readFileSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  call,
  createNodeRuntime,
  datasets,
  deleteDataset,
  pull,
  pushFile,
  pushRows,
  setPlatformRuntime,
  updateDataset,
  PlatformError,
} from "@whileai/platform/node";
import { afterEach, describe, expect, it } from "vitest";
import { signGrant } from "./signing.js";
import { createPlatformServer, type PlatformServer, type PlatformServerOptions } from "./server.js";
import { testDatabase } from "./testing/test-store.js";

const SIGNING_KEY = "test-signing-key";
const open: PlatformServer[] = [];

afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function start(options: Partial<PlatformServerOptions> = {}, dataDir = mkdtempSync(join(tmpdir(), "wai-server-"))) {
  const server = await createPlatformServer({ dataDir, signingKey: SIGNING_KEY, database: await testDatabase(), ...options });
  open.push(server);
  const { apiKey } = await server.createAccount("alice");
  // The client reads the URL from its environment; WHILEAI_HOME is empty so only apiKey options count.
  setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: server.url, WHILEAI_HOME: dataDir } }));
  return { server, apiKey, dataDir };
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  try {
    await p;
  } catch (error) {
    if (PlatformError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a PlatformError");
}

const ROWS = [
  { prompt: "naïve → ünïcode 🙂", steps: [{ tool: "search", args: { q: "a\nb" } }], final_text: "ok", reward: 1 },
  { prompt: "second", steps: [], final_text: "", reward: 0.5, nested: { deep: [1, 2.5, null, true] } },
];

interface Listing {
  datasets: Record<string, unknown>[];
  storageBytes: number;
}

describe("dataset flow", () => {
  it("stores rows as Python's json.dumps writes them: a float too large for an int stays a float, not 301 digits", async () => {
    const { apiKey, dataDir } = await start();
    const rows = [{ big: 1.5e300, small: 1e-7, whole: 3, ns: 1544712660000000000, half: 0.5 }];
    const id = String((await pushRows(rows, "floats", { apiKey }))["datasetId"]);
    expect(readFileSync(join(dataDir, "blobs", `${id}.jsonl`), "utf8")).toBe('{"big": 1.5e+300, "small": 1e-07, "whole": 3, "ns": 1544712660000000000, "half": 0.5}\n');
    expect(await pull(id, null, { apiKey })).toEqual(rows);
  });

  it("pushRows then pull returns identical rows, and the dataset is listed ready with its size", async () => {
    const { apiKey } = await start();
    const out = await pushRows(ROWS, "first", { apiKey, agent: "support", mode: "sft" });
    expect(out).toMatchObject({ name: "first", status: "ready", rows: 2, agent: "support", mode: "sft", purpose: "train" });
    expect(await pull(String(out["datasetId"]), null, { apiKey })).toEqual(ROWS);
    const listing = (await datasets({ apiKey })) as Listing;
    expect(listing.datasets.map((d) => d["datasetId"])).toEqual([out["datasetId"]]);
    expect(listing.storageBytes).toBe(out["sizeBytes"]);
    expect(listing.storageBytes).toBeGreaterThan(0);
  });

  it("pushFile of a multi-MB file comes back byte for byte, in several download parts", async () => {
    const { apiKey, dataDir } = await start({ partBytes: 1 << 20 });
    const file = join(dataDir, "big.jsonl");
    const line = (i: number) => JSON.stringify({ prompt: `task ${i}`, final_text: "x".repeat(200), reward: i % 2 }) + "\n";
    const text = Array.from({ length: 20_000 }, (_, i) => line(i)).join("");
    writeFileSync(file, text);
    const out = await pushFile(file, null, { apiKey, gate: false });
    expect(out).toMatchObject({ name: "big", rows: 20_000, sizeBytes: Buffer.byteLength(text) });
    const grant = (await call("GET", `/datasets/${String(out["datasetId"])}/download`, { apiKey })) as { parts: string[] };
    expect(grant.parts.length).toBeGreaterThanOrEqual(4);
    const back = join(dataDir, "back.jsonl");
    await pull(String(out["datasetId"]), back, { apiKey });
    expect(readFileSync(back, "utf8")).toBe(text);
  });

  it("lists newest first, only ready datasets; holdouts link to their parent", async () => {
    const { apiKey } = await start();
    const rows = Array.from({ length: 40 }, (_, i) => ({ prompt: `p${i}`, scenario_id: `s${i}`, reward: 1 }));
    const out = await pushRows(rows, "split", { apiKey, holdout: 0.3 });
    const pending = (await call("POST", "/datasets", { apiKey, body: { name: "never-finalized" } })) as { datasetId: string };
    const listing = (await datasets({ apiKey })) as Listing;
    const holdout = out["holdout"] as Record<string, unknown>;
    expect(listing.datasets.map((d) => d["name"])).toEqual(["split-holdout", "split"]);
    expect(holdout).toMatchObject({ purpose: "holdout", parentDatasetId: out["datasetId"] });
    expect(listing.datasets.map((d) => d["datasetId"])).not.toContain(pending.datasetId);
    expect(Number(out["rows"]) + Number(holdout["rows"])).toBe(40);
  });

  it("updates metadata and deletes a dataset with its blob", async () => {
    const { apiKey, dataDir } = await start();
    const out = await pushRows(ROWS, "doomed", { apiKey });
    const id = String(out["datasetId"]);
    expect(await updateDataset(id, { apiKey, purpose: "eval", description: "d" })).toMatchObject({ purpose: "eval", description: "d" });
    expect(await deleteDataset(id, { apiKey })).toEqual({ deleted: true, datasetId: id });
    expect((await datasets({ apiKey })) as Listing).toEqual({ datasets: [], storageBytes: 0 });
    expect(readdirSync(join(dataDir, "blobs"))).toEqual([]);
    expect((await failure(deleteDataset(id, { apiKey }))).message).toContain("-> 404");
  });

  it("finalize before the upload is refused and leaves the dataset unlisted", async () => {
    const { apiKey } = await start();
    const created = (await call("POST", "/datasets", { apiKey, body: { name: "early" } })) as { datasetId: string };
    expect((await failure(call("POST", `/datasets/${created.datasetId}/finalize`, { apiKey }))).message).toContain("-> 409");
    expect(((await datasets({ apiKey })) as Listing).datasets).toEqual([]);
  });
});

describe("accounts", () => {
  it("answers 401 without a key or with an unknown one", async () => {
    const { server } = await start();
    expect((await fetch(`${server.url}/datasets`)).status).toBe(401);
    expect((await fetch(`${server.url}/datasets`, { headers: { "X-Api-Key": "wai_nope" } })).status).toBe(401);
  });

  it("never shows, pulls, changes or deletes another account's dataset (404)", async () => {
    const { server, apiKey } = await start();
    const bob = (await server.createAccount("bob")).apiKey;
    const id = String((await pushRows(ROWS, "alice-only", { apiKey }))["datasetId"]);
    expect(((await datasets({ apiKey: bob })) as Listing).datasets).toEqual([]);
    expect((await failure(pull(id, null, { apiKey: bob }))).message).toContain("-> 404");
    expect((await failure(deleteDataset(id, { apiKey: bob }))).message).toContain("-> 404");
    expect((await failure(updateDataset(id, { apiKey: bob, agent: "x" }))).message).toContain("-> 404");
    expect((await failure(call("POST", `/datasets/${id}/finalize`, { apiKey: bob }))).message).toContain("-> 404");
    expect(await pull(id, null, { apiKey })).toEqual(ROWS);
  });
});

describe("presigned URLs", () => {
  async function created(apiKey: string) {
    return (await call("POST", "/datasets", { apiKey, body: { name: "n" } })) as { datasetId: string; uploadUrl: string };
  }

  it("refuses a tampered upload URL with 403", async () => {
    const { apiKey } = await start();
    const a = await created(apiKey);
    const b = await created(apiKey);
    const url = new URL(a.uploadUrl);
    const sig = url.searchParams.get("sig")!;
    const flipped = new URL(a.uploadUrl);
    flipped.searchParams.set("sig", (sig[0] === "A" ? "B" : "A") + sig.slice(1));
    const later = new URL(a.uploadUrl);
    later.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    const other = a.uploadUrl.replace(a.datasetId, b.datasetId);
    for (const bad of [flipped.href, later.href, other, `${url.origin}${url.pathname}`]) {
      expect((await fetch(bad, { method: "PUT", body: "{}\n" })).status).toBe(403);
    }
    expect((await fetch(a.uploadUrl, { method: "PUT", body: "{}\n" })).status).toBe(200);
  });

  it("refuses expired upload and download URLs with 403", async () => {
    let clock = Date.now();
    const { apiKey } = await start({ now: () => clock, urlTtlSeconds: 60 });
    const a = await created(apiKey);
    const id = String((await pushRows(ROWS, "n", { apiKey }))["datasetId"]);
    const grant = (await call("GET", `/datasets/${id}/download`, { apiKey })) as { parts: string[] };
    clock += 61_000;
    expect((await fetch(a.uploadUrl, { method: "PUT", body: "{}\n" })).status).toBe(403);
    expect((await fetch(grant.parts[0]!)).status).toBe(403);
    const fresh = (await call("GET", `/datasets/${id}/download`, { apiKey })) as { parts: string[] };
    expect((await fetch(fresh.parts[0]!)).status).toBe(200);
  });

  it("refuses a changed download range with 403", async () => {
    const { apiKey } = await start();
    const id = String((await pushRows(ROWS, "n", { apiKey }))["datasetId"]);
    const grant = (await call("GET", `/datasets/${id}/download`, { apiKey })) as { parts: string[] };
    const url = new URL(grant.parts[0]!);
    url.searchParams.set("start", "1");
    expect((await fetch(url)).status).toBe(403);
  });

  it("serves nothing outside the blob store, even for a correctly signed traversal id", async () => {
    const { server, dataDir } = await start();
    writeFileSync(join(dataDir, "secret.jsonl"), "secret\n");
    const expires = Math.floor(Date.now() / 1000) + 600;
    for (const id of ["../secret", "..%2Fsecret", "%2E%2E%2Fsecret", "ds_../../secret"]) {
      const query = signGrant(SIGNING_KEY, { method: "GET", datasetId: decodeURIComponent(id), start: 0, end: 7 }, expires);
      const reply = await fetch(`${server.url}/blobs/${id}?${query}`);
      expect(reply.status, id).toBe(404);
      expect(await reply.text()).not.toContain("secret\n");
    }
  });

  it("refuses traversal ids on the keyed routes too", async () => {
    const { apiKey } = await start();
    for (const id of ["..", "../platform.sqlite", "ds_x"]) {
      expect((await failure(call("GET", `/datasets/${encodeURIComponent(id)}/download`, { apiKey, retry: { retries: 0 } }))).message).toContain("-> 404");
    }
  });
});

describe("request bodies", () => {
  it("answers malformed JSON with 400 and an invalid body with 400", async () => {
    const { server, apiKey } = await start();
    const headers = { "X-Api-Key": apiKey, "Content-Type": "application/json" };
    const bad = await fetch(`${server.url}/datasets`, { method: "POST", headers, body: '{"name": ' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "malformed JSON body: Unexpected end of JSON input" });
    const nameless = await fetch(`${server.url}/datasets`, { method: "POST", headers, body: '{"purpose": "train"}' });
    expect(nameless.status).toBe(400);
    const purpose = await fetch(`${server.url}/datasets`, { method: "POST", headers, body: '{"name": "n", "purpose": "nope"}' });
    expect(purpose.status).toBe(400);
  });

  it("answers an oversized JSON body or upload with 413 and keeps nothing", async () => {
    const { server, apiKey, dataDir } = await start({ maxJsonBytes: 1024, maxUploadBytes: 4096 });
    const big = await fetch(`${server.url}/datasets`, {
      method: "POST",
      headers: { "X-Api-Key": apiKey, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(2048) }),
    });
    expect(big.status).toBe(413);
    const a = (await call("POST", "/datasets", { apiKey, body: { name: "n" } })) as { datasetId: string; uploadUrl: string };
    expect((await fetch(a.uploadUrl, { method: "PUT", body: "x".repeat(5000) })).status).toBe(413);
    // A body with no declared length is cut off as it streams past the cap.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("y".repeat(5000)));
        controller.close();
      },
    });
    const chunked = await fetch(a.uploadUrl, { method: "PUT", body: stream, duplex: "half" } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(readdirSync(join(dataDir, "blobs"))).toEqual([]);
    expect((await failure(call("POST", `/datasets/${a.datasetId}/finalize`, { apiKey }))).message).toContain("-> 409");
  });
});

describe("finalize before the upload", () => {
  it("is 409 naming the missing upload, and holds nothing back: the upload then lands and finalizes", async () => {
    const { apiKey } = await start();
    const { datasetId, uploadUrl } = (await call("POST", "/datasets", { apiKey, body: { name: "early" } })) as { datasetId: string; uploadUrl: string };
    const early = await failure(call("POST", `/datasets/${datasetId}/finalize`, { apiKey, retry: { retries: 0 } }));
    expect([early.status, early.detail]).toEqual([409, `dataset ${datasetId} has no upload yet: PUT its bytes to the uploadUrl first`]);
    expect((await fetch(uploadUrl, { method: "PUT", body: '{"a": 1}\n' })).status).toBe(200);
    expect(await call("POST", `/datasets/${datasetId}/finalize`, { apiKey })).toMatchObject({ status: "ready", rows: 1 });
  });
});

describe("restart", () => {
  it("keeps accounts, datasets and blobs, and honours URLs signed before the restart", async () => {
    const first = await start();
    const id = String((await pushRows(ROWS, "kept", { apiKey: first.apiKey }))["datasetId"]);
    const pending = (await call("POST", "/datasets", { apiKey: first.apiKey, body: { name: "later" } })) as { datasetId: string; uploadUrl: string };
    await open.pop()!.close();
    const again = await createPlatformServer({ dataDir: first.dataDir, signingKey: SIGNING_KEY, database: await testDatabase(), port: Number(new URL(first.server.url).port) });
    open.push(again);
    expect(await pull(id, null, { apiKey: first.apiKey })).toEqual(ROWS);
    expect((await fetch(pending.uploadUrl, { method: "PUT", body: '{"a": 1}\n' })).status).toBe(200);
    expect(await call("POST", `/datasets/${pending.datasetId}/finalize`, { apiKey: first.apiKey })).toMatchObject({ status: "ready", rows: 1 });
    expect(((await datasets({ apiKey: first.apiKey })) as Listing).datasets.map((d) => d["name"])).toEqual(["later", "kept"]);
  });
});
