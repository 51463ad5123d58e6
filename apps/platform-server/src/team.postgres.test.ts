/**
 * A team deployment: two servers on one PostgreSQL database and one blob directory, each a real
 * server on 127.0.0.1 with its own connection pool, serve one platform. (PostgreSQL only: the
 * embedded database belongs to one server.)
 */
import { call, createNodeRuntime, datasets, pull, pushRows, registerAgent, setPlatformRuntime } from "@whileai/platform/node";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db/open.js";
import { HfStore } from "./hf-store.js";
import { serverLock } from "./server-liveness.js";
import { createPlatformServer, type PlatformServer } from "./server.js";
import { Store } from "./store.js";
import { scratchDir } from "./testing/scratch-server.js";
import { blobFiles, startPut, untilBlobs } from "./testing/uploads.js";
import { freshSchemaUrl } from "./testing/test-store.js";

const open: PlatformServer[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

/** Two servers started at once on a fresh database and one data directory, neither given a signing key; an account's key. */
async function team() {
  const database = await freshSchemaUrl();
  const dataDir = scratchDir("wai-team-");
  const [a, b] = await Promise.all([createPlatformServer({ dataDir, database }), createPlatformServer({ dataDir, database })]);
  open.push(a!, b!);
  const { apiKey } = await a!.createAccount("alice");
  // The client's default URL is neither: every call below names its server.
  setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: "http://127.0.0.1:9", WHILEAI_HOME: dataDir } }));
  return { a: a!, b: b!, apiKey, database, dataDir };
}

const rows = (tag: string, n: number) => Array.from({ length: n }, (_, i) => ({ prompt: `${tag} ${i}`, final_text: "ok", reward: i % 2 }));

interface Listing {
  datasets: { datasetId: string; name: string; status: string }[];
}

describe("two servers on one PostgreSQL", () => {
  it("migrate once when they start together, and share one signing key kept in the database", async () => {
    const { database, dataDir } = await team();
    const db = await openDatabase(dataDir, database);
    try {
      expect(await db.all("SELECT version FROM schema_migrations ORDER BY version")).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }]);
      expect(await db.all("SELECT name FROM settings")).toEqual([{ name: "signing-key" }]);
    } finally {
      await db.close();
    }
  });

  it("a dataset pushed through one is listed and pulled through the other", async () => {
    const { a, b, apiKey } = await team();
    const pushed = await pushRows(rows("via a", 40), "shared", { apiKey, apiUrl: a.url });
    expect(pushed).toMatchObject({ status: "ready", rows: 40 });
    const listed = (await datasets({ apiKey, apiUrl: b.url })) as Listing;
    expect(listed.datasets.map((d) => d.datasetId)).toEqual([pushed["datasetId"]]);
    expect(await pull(String(pushed["datasetId"]), null, { apiKey, apiUrl: b.url })).toEqual(rows("via a", 40));
  });

  it("concurrent pushes of one name through both land once each: none lost, none twice, both list them alike", async () => {
    const { a, b, apiKey } = await team();
    const batches = Array.from({ length: 24 }, (_, k) => rows(`batch ${k}`, 30));
    const outs = await Promise.all(batches.map((r, k) => pushRows(r, "same-name", { apiKey, apiUrl: (k % 2 ? b : a).url })));
    const ids = outs.map((o) => String(o["datasetId"]));
    expect(new Set(ids).size).toBe(24);
    const viaA = (await datasets({ apiKey, apiUrl: a.url })) as Listing;
    const viaB = (await datasets({ apiKey, apiUrl: b.url })) as Listing;
    expect(viaA.datasets).toHaveLength(24);
    expect(new Set(viaA.datasets.map((d) => d.datasetId))).toEqual(new Set(ids));
    // One order (newest first by a sequence both servers draw from), seen alike from each.
    expect(viaB.datasets.map((d) => d.datasetId)).toEqual(viaA.datasets.map((d) => d.datasetId));
    const pulled = await Promise.all(ids.map((id, k) => pull(id, null, { apiKey, apiUrl: (k % 2 ? a : b).url })));
    for (const [k, got] of pulled.entries()) expect(got).toEqual(batches[k]);
  });

  it("concurrent registrations of one agent, and of one account's key, through both make one each", async () => {
    const { a, b, apiKey, database, dataDir } = await team();
    await Promise.all(Array.from({ length: 10 }, (_, k) => registerAgent(`Support Bot`, { apiKey, apiUrl: (k % 2 ? b : a).url, description: `d${k}` })));
    const listed = (await call("GET", "/agents", { apiKey, apiUrl: b.url })) as { agents: { slug: string }[] };
    expect(listed.agents.map((x) => x.slug)).toEqual(["support-bot"]);
    await Promise.all([a.ensureAccountKey("dev", "wai_dev_one"), b.ensureAccountKey("dev", "wai_dev_one"), a.ensureAccountKey("dev", "wai_dev_two"), b.ensureAccountKey("dev", "wai_dev_two")]);
    const db = await openDatabase(dataDir, database);
    try {
      expect(await db.all("SELECT COUNT(*) AS n FROM accounts WHERE name = 'dev'")).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
    for (const key of ["wai_dev_one", "wai_dev_two"]) expect(await datasets({ apiKey: key, apiUrl: a.url })).toMatchObject({ datasets: [] });
  });

  it("a presigned URL signed by one is honoured by the other, uploads and downloads", async () => {
    const { a, b, apiKey } = await team();
    const created = (await call("POST", "/datasets", { apiKey, apiUrl: a.url, body: { name: "signed-by-a" } })) as { datasetId: string; uploadUrl: string };
    const toB = (url: string) => url.replace(a.url, b.url);
    const text = rows("signed", 5).map((r) => JSON.stringify(r) + "\n").join("");
    expect(created.uploadUrl.startsWith(a.url)).toBe(true);
    expect((await fetch(toB(created.uploadUrl), { method: "PUT", body: text })).status).toBe(200);
    expect(await call("POST", `/datasets/${created.datasetId}/finalize`, { apiKey, apiUrl: b.url })).toMatchObject({ status: "ready", rows: 5 });
    const grant = (await call("GET", `/datasets/${created.datasetId}/download`, { apiKey, apiUrl: b.url })) as { parts: string[] };
    const part = await fetch(grant.parts[0]!.replace(b.url, a.url));
    expect([part.status, await part.text()]).toEqual([200, text]);
    // A URL whose signature was changed is refused by either.
    const forged = toB(created.uploadUrl).replace(/sig=[^&]+/, "sig=AAAA");
    expect((await fetch(forged, { method: "PUT", body: text })).status).toBe(403);
  });
});

const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
const traceId = "0123456789abcdef0123456789abcdef";

/** One OTLP/JSON request of one span of the trace; span 0 is the LLM call, the others tool calls. */
function spanRequest(n: number): string {
  const start = String(1767225600000000000n + BigInt(n) * 1_000_000n);
  const attributes =
    n === 0
      ? [attr("zeroproof.scenario_id", "split"), attr("gen_ai.input.messages", JSON.stringify([{ role: "user", content: "solve split" }]))]
      : [attr("gen_ai.tool.name", `tool${n}`), attr("gen_ai.tool.call.arguments", "{}"), attr("gen_ai.tool.call.result", "{}")];
  const span = { traceId, spanId: (n + 1).toString(16).padStart(16, "0"), name: n === 0 ? "chat" : `execute_tool tool${n}`, startTimeUnixNano: start, attributes };
  return JSON.stringify({ resourceSpans: [{ resource: { attributes: [attr("service.name", "svc")] }, scopeSpans: [{ scope: { name: "t" }, spans: [span] }] }] });
}

describe("trace ingest across two servers", () => {
  it("the spans of one conversation sent at once, half to each server, become one run holding every span", async () => {
    const { a, b, apiKey } = await team();
    const tools = 30;
    const post = (server: PlatformServer, n: number) =>
      fetch(`${server.url}/v1/traces?agent=support`, { method: "POST", headers: { "Content-Type": "application/json", "X-Api-Key": apiKey }, body: spanRequest(n) });
    const replies = await Promise.all(Array.from({ length: tools + 1 }, (_, n) => post(n % 2 ? b : a, n)));
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: tools + 1 }, () => 200));
    const listed = (await call("GET", "/traces", { apiKey, apiUrl: b.url })) as { traces: { traceId: string }[]; total: number };
    expect([listed.total, listed.traces.map((t) => t.traceId)]).toEqual([1, [traceId]]);
    const report = (await call("GET", "/traces/cuts", { apiKey, apiUrl: a.url })) as { runs: number };
    expect(report.runs).toBe(1);
    const run = (await call("POST", "/v1/scores", { apiKey, apiUrl: a.url, body: { traceId, name: "reward", value: 1 } })) as { applied: unknown[] };
    expect(run.applied).toHaveLength(1);
    const cut = (await call("POST", "/datasets/cut", { apiKey, apiUrl: b.url, body: { kind: "sft", filter: {}, holdout: 0 } })) as { made: { datasetId: string }[] };
    const [row] = (await pull(cut.made[0]!.datasetId, null, { apiKey, apiUrl: a.url })) as { steps: { tool: string }[] }[];
    expect(row!.steps.map((s) => s.tool).sort()).toEqual(Array.from({ length: tools }, (_, i) => `tool${i + 1}`).sort());
  });
});

describe("what one server holds while it works, seen by the other", () => {
  it("an upload finishing at one server while a finalize at the other counts the bytes is refused, and the count stands", async () => {
    const { a, b, apiKey, database, dataDir } = await team();
    const created = (await call("POST", "/datasets", { apiKey, apiUrl: a.url, body: { name: "raced" } })) as { datasetId: string; uploadUrl: string };
    const v1 = '{"v": 1}\n'.repeat(3);
    expect((await fetch(created.uploadUrl, { method: "PUT", body: v1 })).status).toBe(200);
    // Server a's finalize, caught between its claim and its count (what it holds is in the database).
    const db = await openDatabase(dataDir, database);
    try {
      expect(await new Store(db).claimForFinalize(created.datasetId)).toBe(true);
    } finally {
      await db.close();
    }
    const late = await fetch(created.uploadUrl.replace(a.url, b.url), { method: "PUT", body: '{"v": 2}\n' });
    expect([late.status, await late.json()]).toEqual([409, { error: `dataset ${created.datasetId} was finalized while this upload was in flight; its bytes cannot change` }]);
    expect(await call("POST", `/datasets/${created.datasetId}/finalize`, { apiKey, apiUrl: b.url })).toMatchObject({ status: "ready", rows: 3, sizeBytes: v1.length });
    expect(await pull(created.datasetId, null, { apiKey, apiUrl: a.url })).toEqual([{ v: 1 }, { v: 1 }, { v: 1 }]);
  });

  it("a server starting on the shared folder leaves another server's upload in flight alone: it lands whole", async () => {
    const { a, apiKey, database, dataDir } = await team();
    const created = (await call("POST", "/datasets", { apiKey, apiUrl: a.url, body: { name: "in-flight" } })) as { datasetId: string; uploadUrl: string };
    const bytes = Buffer.from('{"v": 1}\n'.repeat(50_000));
    const put = startPut(created.uploadUrl, bytes.subarray(0, 1 << 16), bytes.length);
    await untilBlobs(dataDir, (files) => files.some((f) => f.endsWith(".tmp")));
    const partial = blobFiles(dataDir);
    open.push(await createPlatformServer({ dataDir, database }));
    expect(blobFiles(dataDir)).toEqual(partial);
    expect((await put.finish(bytes.subarray(1 << 16))).status).toBe(200);
    expect(await call("POST", `/datasets/${created.datasetId}/finalize`, { apiKey, apiUrl: a.url })).toMatchObject({ status: "ready", rows: 50_000 });
  });

  it("a server starting leaves the Hugging Face jobs of a server still running to it, and fails those of one that is gone", async () => {
    const database = await freshSchemaUrl();
    const dataDir = scratchDir("wai-team-");
    const db = await openDatabase(dataDir, database);
    try {
      const store = new Store(db);
      const { account } = await store.createAccount("a");
      const [running, orphan] = ["ds_00000000000000000000000a", "ds_00000000000000000000000b"];
      for (const id of [running, orphan]) await store.createDataset({ datasetId: id, account, name: id, purpose: "train", mode: null, agent: null, description: null, parentDatasetId: null });
      const alive = await db.holdLock(serverLock("alive"));
      const base = { repo: "a/b", split: "train", startedAt: "t" };
      await new HfStore(db, "alive").savePush(running, { ...base, status: "pushing", url: "u", path: "p", private: false });
      await new HfStore(db, "gone").saveImport(orphan, { ...base, status: "importing", revision: "main", config: null, files: [], maxRows: 1 });
      open.push(await createPlatformServer({ dataDir, database }));
      const seen = new HfStore(db, "reader");
      expect(await seen.push(running)).toMatchObject({ status: "pushing" });
      expect(await seen.import(orphan)).toMatchObject({ status: "failed", error: "the local platform stopped before this finished; run it again" });
      // Its server gone too, the next server to start fails it.
      await alive();
      open.push(await createPlatformServer({ dataDir, database }));
      expect(await seen.push(running)).toMatchObject({ status: "error", error: "the local platform stopped before this finished; run it again" });
    } finally {
      await db.close();
    }
  });
});
