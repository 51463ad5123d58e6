/** The hf routes: the real client ↔ the local platform ↔ the local Hub stand-in, all on 127.0.0.1. */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { readTraces } from "@whileai/ingest";
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
import { splitFiles } from "./routes/hf-import.js";
import { createPlatformServer, type PlatformServer, type PlatformServerOptions } from "./server.js";
import { Store } from "./store.js";
import { platformFailure } from "./testing/server.js";
import { openDatabase } from "./db/open.js";
import { testDatabase } from "./testing/test-store.js";

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
  const server = await createPlatformServer({ dataDir, signingKey: "k", database: await testDatabase(), hub: { endpoint: hub.url, token: PLATFORM_TOKEN }, ...options });
  open.push(server);
  setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: server.url, WHILEAI_HOME: dataDir } }));
  return { server, apiKey: (await server.createAccount("alice")).apiKey, dataDir };
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
    // One at a time: a call made before the previous one settles would reject unawaited.
    for (const attempt of [() => hfStatus({ apiKey }), () => hfPublish(datasetId, { apiKey }), () => hfPublishRun("run_1", { apiKey }), () => importHf("a/b", { apiKey })]) {
      const error = await platformFailure(attempt());
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
    const options = { dataDir, signingKey: "k", database: await testDatabase(), hub: { endpoint: hub.url, token: PLATFORM_TOKEN } };
    const first = await createPlatformServer(options);
    setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: first.url, WHILEAI_HOME: dataDir } }));
    const apiKey = (await first.createAccount("alice")).apiKey;
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
    await hubPush(new Blob(['{"text": "a JSON document the name does not tell from JSON Lines"}']), "someone/json-only", { ...auth, path: "data/train.json" });
    await hubPush(new Blob(["one line of text\n"]), "someone/json-only", { ...auth, path: "data/train.txt.zst" });
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

  it("refuses a missing repo or split (404), a split with no file it reads (422), and fails on a line that is not a JSON object", async () => {
    const { apiKey } = await start();
    const missing = await platformFailure(importHf("someone/absent", { apiKey, ...FAST }));
    expect([missing.status, missing.detail]).toEqual([404, "Hugging Face dataset someone/absent (revision main) not found, or not visible to the platform's token"]);
    const split = await platformFailure(importHf("someone/source", { apiKey, split: "validation", ...FAST }));
    expect([split.status, split.detail]).toEqual([404, 'no data files for split "validation" in someone/source at main']);
    const unread = await platformFailure(importHf("someone/json-only", { apiKey, ...FAST }));
    expect(unread.status).toBe(422);
    expect(unread.detail).toMatch(/^split "train" of someone\/json-only at main is stored as \.json, \.txt\.zst: the local platform imports JSON Lines \(\.jsonl, \.ndjson\), Parquet, CSV, TSV and Arrow /);
    const broken = await platformFailure(importHf("someone/broken", { apiKey, ...FAST }));
    expect(broken.message).toBe("import of someone/broken:train failed: data/train.jsonl line 2: not a JSON object");
    const bad = await platformFailure(importHf("not-a-repo", { apiKey, ...FAST }));
    expect([bad.status, bad.detail]).toEqual([400, 'repo: expected "namespace/name"']);
    const climbing = await platformFailure(importHf("someone/source", { apiKey, revision: "main/../../other", ...FAST }));
    expect([climbing.status, climbing.detail]).toEqual([400, "revision: expected a branch, tag or commit"]);
  });
});

describe("importHf of Parquet, CSV, TSV and Arrow splits", () => {
  // Written by real writers (DuckDB, apache-arrow): see fixtures/tabular/SOURCE.md.
  const TABULAR = new URL("../../../fixtures/tabular/", import.meta.url);
  // A plain Uint8Array: the front door reads a Node Buffer's Parquet wrongly (Buffer.slice is a view, not a copy).
  const fixture = (path: string): Uint8Array => new Uint8Array(readFileSync(new URL(path, TABULAR)));
  /** What the front door reads from a fixture, as the import stores it: raw values, through JSON. */
  const frontDoorRows = async (bytes: Uint8Array): Promise<Record<string, unknown>[]> =>
    (await readTraces(bytes, { raw: true })).rows.map((row) => JSON.parse(JSON.stringify(row)) as Record<string, unknown>);
  const SHARD_0 = "hub/data/train-00000-of-00002.parquet";
  const SHARD_1 = "hub/data/train-00001-of-00002.parquet";
  const TEST_CSV = "hub/data/test-00000-of-00001.csv";
  let shard0: Record<string, unknown>[];
  let shard1: Record<string, unknown>[];
  const JSONL_TEXT = '{"prompt": "kept as written",  "reward": 1}\r\n\n{"reward":0.50,"prompt":"second"}\n';

  beforeAll(async () => {
    const auth = { endpoint: hub.url, token: USER_TOKEN };
    const put = (file: Uint8Array | string, repo: string, path: string) => hubPush(new Blob([file]), repo, { ...auth, path });
    // A split laid out as the Hub lays out its Parquet: two shards in data/, and a CSV test split beside them.
    await put(fixture(SHARD_1), "someone/sharded", "data/train-00001-of-00002.parquet");
    await put(fixture(SHARD_0), "someone/sharded", "data/train-00000-of-00002.parquet");
    await put(fixture(TEST_CSV), "someone/sharded", "data/test-00000-of-00001.csv");
    await put(fixture("support-snappy.parquet"), "someone/support-parquet", "data/train-00000-of-00001.parquet");
    await put(fixture("support.arrow"), "someone/support-arrow", "data/train.arrow");
    await put(fixture("support.csv"), "someone/support-csv", "train.csv");
    await put(fixture("support.tsv"), "someone/support-tsv", "train.tsv");
    await put(fixture("truncated.parquet"), "someone/bad-parquet", "data/train-00000-of-00001.parquet");
    await put(new TextEncoder().encode("PAR1 not really parquet"), "someone/fake-parquet", "data/train-00000-of-00001.parquet");
    await put(fixture("unknown-codec.parquet"), "someone/lzo-parquet", "data/train.parquet");
    await put(fixture("truncated.arrow"), "someone/bad-arrow", "data/train.arrow");
    await put(fixture("support.csv"), "someone/ragged-csv", "data/train-00000-of-00002.csv");
    await put(fixture("ragged.csv"), "someone/ragged-csv", "data/train-00001-of-00002.csv");
    await put(JSONL_TEXT, "someone/mixed", "data/train-00000.jsonl");
    await put(fixture("support-snappy.parquet"), "someone/mixed", "data/train-00001.parquet");
    await put("a line of text\n", "someone/mixed", "data/train-00002.txt");
    await put(gzipSync(JSONL_TEXT), "someone/gzipped", "data/train-00000.jsonl.gz");
    await put(gzipSync(fixture("support.csv")), "someone/gzipped", "data/train-00001.csv.gz");
    shard0 = await frontDoorRows(fixture(SHARD_0));
    shard1 = await frontDoorRows(fixture(SHARD_1));
  });

  const datasetBytes = (dataDir: string, datasetId: string): string => readFileSync(join(dataDir, "blobs", `${datasetId}.jsonl`), "utf8");

  it("a Parquet split: every row as the front door reads it, one JSON line each, profiled like a pushed dataset", async () => {
    const { apiKey, dataDir } = await start();
    const expected = await frontDoorRows(fixture("support-snappy.parquet"));
    expect(expected.length).toBeGreaterThan(0);
    // The fixture's columns: struct steps decode to objects, nulls are absent keys.
    expect(expected[0]).toMatchObject({ id: expect.any(String) as string, prompt: expect.any(String) as string, steps: expect.any(Array) as unknown[] });
    const row = (await importHf("someone/support-parquet", { apiKey, ...FAST })) as Record<string, unknown>;
    expect(row).toMatchObject({ status: "ready", rows: expected.length, name: "someone/support-parquet:train" });
    expect(row["hfImport"]).toMatchObject({ status: "done", files: ["data/train-00000-of-00001.parquet"], rows: expected.length, truncated: false });
    expect(row["hfImport"]).not.toHaveProperty("skippedFiles");
    const id = row["datasetId"] as string;
    expect(await pull(id, null, { apiKey })).toEqual(expected);
    expect(datasetBytes(dataDir, id)).toBe(expected.map((r) => JSON.stringify(r) + "\n").join(""));
    const { profile } = (await call("GET", `/datasets/${id}/profile`, { apiKey })) as { profile: Record<string, unknown> };
    expect(profile).toMatchObject({ n: expected.length, invalid_lines: 0, graded: expected.filter((r) => typeof r["reward"] === "number").length });
    expect((profile["tool_use"] as { tool_calls: number }).tool_calls).toBeGreaterThan(0);
  });

  it("a sharded Parquet split is read in shard order, max_rows counting across the shards", async () => {
    const { apiKey } = await start();
    // The shards hold rows 1-6 and 7-12 of the support set (fixtures/tabular/SOURCE.md).
    const support = await frontDoorRows(fixture("support-snappy.parquet"));
    expect([shard0.length, shard1.length]).toEqual([6, 6]);
    expect([...shard0, ...shard1].map((r) => r["id"])).toEqual(support.map((r) => r["id"]));
    const files = ["data/train-00000-of-00002.parquet", "data/train-00001-of-00002.parquet"];
    const cut = (await importHf("someone/sharded", { apiKey, maxRows: shard0.length + 2, ...FAST })) as Record<string, unknown>;
    expect(cut).toMatchObject({ status: "ready", rows: shard0.length + 2 });
    expect(cut["hfImport"]).toMatchObject({ status: "done", files, rows: shard0.length + 2, truncated: true, maxRows: shard0.length + 2 });
    expect(await pull(cut["datasetId"] as string, null, { apiKey })).toEqual([...shard0, ...shard1.slice(0, 2)]);

    const all = shard0.length + shard1.length;
    const whole = (await importHf("someone/sharded", { apiKey, maxRows: all, ...FAST })) as Record<string, unknown>;
    expect(whole).toMatchObject({ status: "ready", rows: all, hfImport: { files, rows: all, truncated: false } });
    expect(await pull(whole["datasetId"] as string, null, { apiKey })).toEqual([...shard0, ...shard1]);

    // Exactly the first shard: the second is opened only to learn that rows were left.
    const first = (await importHf("someone/sharded", { apiKey, maxRows: shard0.length, ...FAST })) as Record<string, unknown>;
    expect(first).toMatchObject({ status: "ready", rows: shard0.length, hfImport: { truncated: true } });
    expect(await pull(first["datasetId"] as string, null, { apiKey })).toEqual(shard0);
  });

  it("a CSV split, a TSV split and an Arrow split", async () => {
    const { apiKey } = await start();
    const test = (await importHf("someone/sharded", { apiKey, split: "test", purpose: "eval", ...FAST })) as Record<string, unknown>;
    const testRows = await frontDoorRows(fixture(TEST_CSV));
    expect(test).toMatchObject({ status: "ready", rows: testRows.length, purpose: "eval", hfImport: { files: ["data/test-00000-of-00001.csv"], truncated: false } });
    expect(await pull(test["datasetId"] as string, null, { apiKey })).toEqual(testRows);
    // JSON text in a CSV cell (the steps column) is decoded to values.
    expect(testRows[0]!["steps"]).toEqual(expect.any(Array));

    for (const [repo, file, path] of [
      ["someone/support-csv", "support.csv", "train.csv"],
      ["someone/support-tsv", "support.tsv", "train.tsv"],
      ["someone/support-arrow", "support.arrow", "data/train.arrow"],
    ] as const) {
      const expected = await frontDoorRows(fixture(file));
      expect(expected.length).toBeGreaterThan(0);
      const row = (await importHf(repo, { apiKey, ...FAST })) as Record<string, unknown>;
      expect(row, repo).toMatchObject({ status: "ready", rows: expected.length, hfImport: { status: "done", files: [path], truncated: false } });
      expect(await pull(row["datasetId"] as string, null, { apiKey }), repo).toEqual(expected);
    }
  });

  it("a mixed split imports its JSONL (byte for byte) and Parquet files in path order and names the file it skips; gzip is inflated", async () => {
    const { apiKey, dataDir } = await start();
    const parquet = await frontDoorRows(fixture("support-snappy.parquet"));
    const row = (await importHf("someone/mixed", { apiKey, ...FAST })) as Record<string, unknown>;
    expect(row).toMatchObject({ status: "ready", rows: 2 + parquet.length });
    expect(row["hfImport"]).toMatchObject({ files: ["data/train-00000.jsonl", "data/train-00001.parquet"], skippedFiles: ["data/train-00002.txt"], truncated: false });
    const stored = '{"prompt": "kept as written",  "reward": 1}\n{"reward":0.50,"prompt":"second"}\n' + parquet.map((r) => JSON.stringify(r) + "\n").join("");
    expect(datasetBytes(dataDir, row["datasetId"] as string)).toBe(stored);

    const csv = await frontDoorRows(fixture("support.csv"));
    const gzipped = (await importHf("someone/gzipped", { apiKey, maxRows: 3, ...FAST })) as Record<string, unknown>;
    expect(gzipped).toMatchObject({ status: "ready", rows: 3, hfImport: { files: ["data/train-00000.jsonl.gz", "data/train-00001.csv.gz"], truncated: true } });
    expect(datasetBytes(dataDir, gzipped["datasetId"] as string)).toBe(stored.split("\n").slice(0, 2).join("\n") + "\n" + JSON.stringify(csv[0]) + "\n");
  });

  it("a Parquet file that cannot be read fails the import, hfImport.error naming the file; nothing is kept", async () => {
    const { apiKey, dataDir } = await start();
    const started = (await importHf("someone/bad-parquet", { apiKey, wait: false })) as { datasetId: string };
    const row = async () => (await call("GET", `/datasets/${started.datasetId}`, { apiKey })) as { status: string; hfImport: Record<string, unknown> };
    await expect.poll(async () => (await row()).status).toBe("failed");
    const { hfImport } = await row();
    expect(hfImport).toMatchObject({ status: "failed", files: ["data/train-00000-of-00001.parquet"] });
    expect(hfImport["error"]).toMatch(/^data\/train-00000-of-00001\.parquet: not a readable Parquet file: /);
    expect(existsSync(join(dataDir, "blobs", `${started.datasetId}.jsonl`))).toBe(false);

    const fake = await platformFailure(importHf("someone/fake-parquet", { apiKey, ...FAST }));
    expect(fake.message).toMatch(/^import of someone\/fake-parquet:train failed: data\/train-00000-of-00001\.parquet: not a readable Parquet file: /);
    expect(await call("GET", "/datasets", { apiKey })).toEqual({ datasets: [], storageBytes: 0 });
  });

  it("an import past the size cap fails saying so, and keeps nothing", async () => {
    const { apiKey, dataDir } = await start({ maxUploadBytes: 4096 });
    const started = (await importHf("someone/sharded", { apiKey, wait: false })) as { datasetId: string };
    const row = async () => (await call("GET", `/datasets/${started.datasetId}`, { apiKey })) as { status: string; hfImport: Record<string, unknown> };
    await expect.poll(async () => (await row()).status).toBe("failed");
    expect((await row()).hfImport["error"]).toBe("the rows come to more than 4096 bytes, the local platform's upload cap: import fewer (max_rows)");
    expect(existsSync(join(dataDir, "blobs", `${started.datasetId}.jsonl`))).toBe(false);
  });

  it("an Arrow file cut short, and the row group or line the front door names, are in the error", async () => {
    const { apiKey } = await start();
    const lzo = await platformFailure(importHf("someone/lzo-parquet", { apiKey, ...FAST }));
    expect(lzo.message).toBe("import of someone/lzo-parquet:train failed: data/train.parquet: row group 1 of 1 (rows 1-3): unsupported compression codec: LZO");
    const arrow = await platformFailure(importHf("someone/bad-arrow", { apiKey, ...FAST }));
    expect(arrow.message).toMatch(/^import of someone\/bad-arrow:train failed: data\/train\.arrow: not a readable Arrow IPC file/);
    const ragged = await platformFailure(importHf("someone/ragged-csv", { apiKey, ...FAST }));
    expect(ragged.message).toBe("import of someone/ragged-csv:train failed: data/train-00001-of-00002.csv line 4: 5 fields where the header has 4");
  });
});

describe("splitFiles", () => {
  const files = (...paths: string[]) => paths.map((path) => ({ path, size: 1 }));
  it("chooses a split's files by name, in path order, whatever order the Hub lists them in", () => {
    const listed = files("data/train-00001-of-00002.parquet", "README.md", "data/test-00000-of-00001.csv", "data/train-00000-of-00002.parquet", "data/train-00002.feather");
    expect(splitFiles(listed, "train", null).map((f) => f.path)).toEqual(["data/train-00000-of-00002.parquet", "data/train-00001-of-00002.parquet", "data/train-00002.feather"]);
    expect(splitFiles(listed, "test", null).map((f) => f.path)).toEqual(["data/test-00000-of-00001.csv"]);
    // The Hub's Parquet conversion (revision refs/convert/parquet): config/split/shard.
    const converted = files("default/train/0001.parquet", "default/test/0000.parquet", "default/train/0000.parquet");
    expect(splitFiles(converted, "train", "default").map((f) => f.path)).toEqual(["default/train/0000.parquet", "default/train/0001.parquet"]);
  });
});

describe("jobs across restarts", () => {
  it("a push or import still running when the server stopped is marked failed at the next start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wai-hf-restart-"));
    const store = new Store(await openDatabase(dir, await testDatabase()));
    const { account } = await store.createAccount("a");
    for (const id of ["ds_000000000000000000000001", "ds_000000000000000000000002"]) {
      await store.createDataset({ datasetId: id, account, name: id, purpose: "train", mode: null, agent: null, description: null, parentDatasetId: null });
    }
    const hf = new HfStore(store.db, "a-server-that-stopped");
    const base = { repo: "a/b", split: "train", startedAt: "t" };
    await hf.savePush("ds_000000000000000000000001", { ...base, status: "pushing", url: "u", path: "p", private: false });
    await hf.saveImport("ds_000000000000000000000002", { ...base, status: "importing", revision: "main", config: null, files: [], maxRows: 1 });
    await new HfStore(store.db, "the-next-server").failInterrupted("later");
    expect(await hf.push("ds_000000000000000000000001")).toMatchObject({ status: "error", error: "the local platform stopped before this finished; run it again" });
    expect(await hf.import("ds_000000000000000000000002")).toMatchObject({ status: "failed", finishedAt: "later" });
    await store.close();
  });
});
