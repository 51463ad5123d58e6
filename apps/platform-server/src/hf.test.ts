/** The hf routes: the real client ↔ the local platform ↔ the local Hub stand-in, all on 127.0.0.1. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  call,
  createNodeRuntime,
  hfPublish,
  hfPublishRun,
  hfStatus,
  hubDownload,
  hubPush,
  importHf,
  pull,
  pushRows,
  setPlatformRuntime,
} from "@whileai/platform/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../../../packages/platform/src/testing/hub-server.js";
import { HfStore } from "./hf-store.js";
import { createPlatformServer, type PlatformServer, type PlatformServerOptions } from "./server.js";
import { Store } from "./store.js";
import { platformFailure } from "./testing/server.js";

const PLATFORM_TOKEN = "hf_platform_write";
const USER_TOKEN = "hf_user_write";
let hub: HubServer;
const open: PlatformServer[] = [];

beforeAll(async () => {
  hub = await startHubServer({
    tokens: { [PLATFORM_TOKEN]: { name: "platform", orgs: ["team"] }, [USER_TOKEN]: { name: "someone" }, hf_reader: { name: "platform", role: "read" } },
  });
});
afterAll(() => hub.close());
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function start(options: Partial<PlatformServerOptions> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "wai-hf-"));
  const server = await createPlatformServer({ dataDir, signingKey: "k", hub: { endpoint: hub.url, token: PLATFORM_TOKEN }, ...options });
  open.push(server);
  setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: server.url, WHILEAI_HOME: dataDir } }));
  return { server, apiKey: server.createAccount("alice").apiKey, dataDir };
}

const ROWS = [
  { prompt: "naïve → ünïcode 🙂", final_text: "ok", reward: 1, steps: [{ tool: "search", args: { q: "a\nb" } }] },
  { prompt: "second", final_text: "", reward: 0.5 },
  { prompt: "third", final_text: "x", reward: 0 },
];
// Polls often; the deadline is past the test's timeout, so a slow machine makes a job take longer, never fail.
const FAST = { poll: 0.02, timeout: 600 };

async function hubRows(repo: string, path: string): Promise<unknown[]> {
  const text = await (await hubDownload(repo, path, { endpoint: hub.url, token: PLATFORM_TOKEN })).text();
  return text.trimEnd().split("\n").map((l) => JSON.parse(l) as unknown);
}

describe("hf routes without a Hub", () => {
  it("every hf route answers 501 saying how to configure one (after the key check)", async () => {
    const { apiKey } = await start({ hub: null });
    const { datasetId } = (await pushRows(ROWS, "rows", { apiKey })) as { datasetId: string };
    for (const attempt of [hfStatus({ apiKey }), hfPublish(datasetId, { apiKey }), hfPublishRun("run_1", { apiKey }), importHf("a/b", { apiKey })]) {
      const error = await platformFailure(attempt);
      expect(error.status).toBe(501);
      expect(error.detail).toMatch(/^Hugging Face is not configured on this local platform: start it with WHILEAI_HF_TOKEN=hf_\.\.\. /);
    }
    expect((await platformFailure(hfStatus({ apiKey: "wrong" }))).status).toBe(401);
  });
});

describe("hf routes with a Hub", () => {
  it("hfStatus reports the platform token's account; a refused token reads as not connected", async () => {
    const { apiKey } = await start();
    expect(await hfStatus({ apiKey })).toEqual({ connected: true, username: "platform", namespaces: ["platform", "team"], scopes: ["write"] });
    await start({ hub: { endpoint: hub.url, token: "hf_revoked" } }).then(async ({ apiKey: key }) => {
      expect(await hfStatus({ apiKey: key })).toMatchObject({ connected: false, username: null, namespaces: [], error: expect.stringMatching(/-> 401: Invalid credentials/) as string });
    });
  });

  it("hfPublish pushes the stored rows; the poll loop sees the stamp turn done; the Hub holds them", async () => {
    const { apiKey } = await start();
    const { datasetId } = (await pushRows(ROWS, "Support Runs v1", { apiKey })) as { datasetId: string };
    const done = (await hfPublish(datasetId, { apiKey, private: true, ...FAST })) as Record<string, unknown>;
    expect(done).toMatchObject({ status: "done", repo: "platform/Support-Runs-v1", split: "train", path: "data/train.jsonl", private: true, rows: 3 });
    expect(done["commit"]).toMatch(/^[0-9a-f]{40}$/);
    expect(await hubRows("platform/Support-Runs-v1", "data/train.jsonl")).toEqual(ROWS);
    expect(hub.repos.get("platform/Support-Runs-v1")!.private).toBe(true);
  });

  it("namespace and repo are honoured, a holdout lands in the validation split, and wait: false returns the pushing stamp", async () => {
    const { apiKey } = await start();
    const { datasetId } = (await pushRows(ROWS.slice(0, 2), "held", { apiKey, purpose: "holdout" })) as { datasetId: string };
    const stamp = (await hfPublish(datasetId, { apiKey, namespace: "team", repo: "held-out", wait: false })) as Record<string, unknown>;
    expect(stamp).toMatchObject({ status: "pushing", repo: "team/held-out", url: `${hub.url}/datasets/team/held-out`, path: "data/validation.jsonl" });
    const row = async () => (await call("GET", `/datasets/${datasetId}`, { apiKey })) as { hf: { status: string } };
    await expect.poll(async () => (await row()).hf.status).toBe("done");
    expect(await hubRows("team/held-out", "data/validation.jsonl")).toEqual(ROWS.slice(0, 2));
  });

  it("a push the Hub refuses ends as an error the client raises; bad names → 400; runs → 404", async () => {
    const { apiKey } = await start();
    const { datasetId } = (await pushRows(ROWS, "rows", { apiKey })) as { datasetId: string };
    const refused = await platformFailure(hfPublish(datasetId, { apiKey, namespace: "elsewhere", ...FAST }));
    expect(refused.message).toMatch(/^Hugging Face push failed: Hugging Face push to elsewhere\/rows -> 403: /);
    const bad = await platformFailure(hfPublish(datasetId, { apiKey, repo: "no spaces", ...FAST }));
    expect([bad.status, bad.detail]).toEqual([400, 'repo: "no spaces" is not a Hub name (letters, digits, ".", "_", "-")']);
    const run = await platformFailure(hfPublishRun("run_1", { apiKey, ...FAST }));
    expect([run.status, run.detail]).toEqual([404, 'run "run_1" not found: the local platform has no training runs']);
  });
});

describe("a push in flight", () => {
  it("a second publish meanwhile → 409; closing the server aborts it, and after a restart the stamp says so and a new publish works", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "wai-hf-inflight-"));
    const options = { dataDir, signingKey: "k", hub: { endpoint: hub.url, token: PLATFORM_TOKEN } };
    const first = await createPlatformServer(options);
    setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: first.url, WHILEAI_HOME: dataDir } }));
    const apiKey = first.createAccount("alice").apiKey;
    const { datasetId } = (await pushRows(ROWS, "in-flight", { apiKey })) as { datasetId: string };
    const release = hub.holdCommits();
    try {
      expect(await hfPublish(datasetId, { apiKey, wait: false })).toMatchObject({ status: "pushing", repo: "platform/in-flight" });
      const again = await platformFailure(hfPublish(datasetId, { apiKey, ...FAST }));
      expect([again.status, again.detail]).toEqual([409, `a Hugging Face push of ${datasetId} is already running`]);
      await expect.poll(() => hub.requests.includes("POST /api/datasets/platform/in-flight/commit/main")).toBe(true);
      await first.close();
    } finally {
      release();
    }
    const second = await createPlatformServer(options);
    open.push(second);
    setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: second.url, WHILEAI_HOME: dataDir } }));
    const row = (await call("GET", `/datasets/${datasetId}`, { apiKey })) as { hf: Record<string, unknown> };
    expect(row.hf).toMatchObject({ status: "error", error: "the local platform stopped during the push; run it again" });
    expect(await hfPublish(datasetId, { apiKey, ...FAST })).toMatchObject({ status: "done", repo: "platform/in-flight" });
  });
});

describe("importHf", () => {
  const SOURCE = Array.from({ length: 5 }, (_, i) => ({ prompt: `q${i}`, final_text: `a${i}`, reward: i / 4 }));

  beforeAll(async () => {
    const auth = { endpoint: hub.url, token: USER_TOKEN };
    await hubPush(SOURCE, "someone/source", auth);
    await hubPush(SOURCE.slice(0, 2), "someone/source", { ...auth, path: "data/test-00000.jsonl" });
    await hubPush(new Blob(["PAR1 not really parquet"]), "someone/parquet-only", { ...auth, path: "data/train-00000-of-00001.parquet" });
    await hubPush(new Blob(['{"ok":1}\n[1,2]\n']), "someone/broken", auth);
  });

  it("imports a split into a finalized dataset, honouring maxRows and saying the rest was left", async () => {
    const { apiKey } = await start();
    const row = (await importHf("someone/source", { apiKey, maxRows: 3, agent: "support", ...FAST })) as Record<string, unknown>;
    expect(row).toMatchObject({ status: "ready", rows: 3, name: "someone/source:train", agent: "support" });
    expect(row["hfImport"]).toMatchObject({ status: "done", files: ["data/train.jsonl"], rows: 3, truncated: true, maxRows: 3 });
    expect(await pull(row["datasetId"] as string, null, { apiKey })).toEqual(SOURCE.slice(0, 3));

    const test = (await importHf("someone/source", { apiKey, split: "test", name: "src-test", purpose: "eval", ...FAST })) as Record<string, unknown>;
    expect(test).toMatchObject({ status: "ready", rows: 2, name: "src-test", purpose: "eval", hfImport: { truncated: false } });
    expect(await pull(test["datasetId"] as string, null, { apiKey })).toEqual(SOURCE.slice(0, 2));
  });

  it("wait: false returns the importing row; polling GET /datasets/{id} sees it become ready", async () => {
    const { apiKey } = await start();
    const row = (await importHf("someone/source", { apiKey, wait: false })) as Record<string, unknown>;
    expect(row).toMatchObject({ status: "importing", hfImport: { status: "importing", repo: "someone/source", split: "train" } });
    await expect.poll(async () => ((await call("GET", `/datasets/${row["datasetId"] as string}`, { apiKey })) as { status: string }).status).toBe("ready");
  });

  it("refuses a missing repo or split (404), a parquet-only split (422), and fails on a line that is not a JSON object", async () => {
    const { apiKey } = await start();
    const missing = await platformFailure(importHf("someone/absent", { apiKey, ...FAST }));
    expect([missing.status, missing.detail]).toEqual([404, "Hugging Face dataset someone/absent (revision main) not found, or not visible to the platform's token"]);
    const split = await platformFailure(importHf("someone/source", { apiKey, split: "validation", ...FAST }));
    expect([split.status, split.detail]).toEqual([404, 'no data files for split "validation" in someone/source at main']);
    const parquet = await platformFailure(importHf("someone/parquet-only", { apiKey, ...FAST }));
    expect(parquet.status).toBe(422);
    expect(parquet.detail).toMatch(/stored as \.parquet: the local platform imports JSONL \(\.jsonl, \.ndjson\) only/);
    const broken = await platformFailure(importHf("someone/broken", { apiKey, ...FAST }));
    expect(broken.message).toBe("import of someone/broken:train failed: data/train.jsonl line 2: not a JSON object");
    const bad = await platformFailure(importHf("not-a-repo", { apiKey, ...FAST }));
    expect([bad.status, bad.detail]).toEqual([400, 'repo: expected "namespace/name"']);
    const climbing = await platformFailure(importHf("someone/source", { apiKey, revision: "main/../../other", ...FAST }));
    expect([climbing.status, climbing.detail]).toEqual([400, "revision: expected a branch, tag or commit"]);
  });
});

describe("jobs across restarts", () => {
  it("a push or import still running when the server stopped is marked failed at the next start", () => {
    const dir = mkdtempSync(join(tmpdir(), "wai-hf-restart-"));
    const store = new Store(dir);
    const { account } = store.createAccount("a");
    for (const id of ["ds_000000000000000000000001", "ds_000000000000000000000002"]) {
      store.createDataset({ datasetId: id, account, name: id, purpose: "train", mode: null, agent: null, description: null, parentDatasetId: null });
    }
    const hf = new HfStore(store.db);
    const base = { repo: "a/b", split: "train", startedAt: "t" };
    hf.savePush("ds_000000000000000000000001", { ...base, status: "pushing", url: "u", path: "p", private: false });
    hf.saveImport("ds_000000000000000000000002", { ...base, status: "importing", revision: "main", config: null, files: [], maxRows: 1 });
    new HfStore(store.db).failInterrupted("later");
    expect(hf.push("ds_000000000000000000000001")).toMatchObject({ status: "error", error: "the local platform stopped before this finished; run it again" });
    expect(hf.import("ds_000000000000000000000002")).toMatchObject({ status: "failed", finishedAt: "later" });
    store.close();
  });
});
