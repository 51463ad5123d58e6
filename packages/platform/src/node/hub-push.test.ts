/** `hubPush` / `hubPushFile` against the local Hub stand-in, read back with `@huggingface/hub`'s own `downloadFile` and `listFiles`. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { downloadFile, listFiles } from "@huggingface/hub";
import { encodeRows, readTraces } from "@whileai/ingest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../testing/hub-server.js";
import { createNodeRuntime, hubDownload, hubListFiles, hubPush, hubPushFile, hubWhoAmI, PlatformError, setPlatformRuntime } from "./index.js";

const ALICE = "hf_alice_write";
const READER = "hf_alice_read";
let hub: HubServer;

beforeAll(async () => {
  hub = await startHubServer({
    tokens: { [ALICE]: { name: "alice", orgs: ["team"] }, [READER]: { name: "alice", role: "read" }, hf_bob: { name: "bob" } },
    lfsThresholdBytes: 4096,
  });
});
afterAll(() => hub.close());
beforeEach(() => {
  setPlatformRuntime(createNodeRuntime({ env: { HF_TOKEN: ALICE, HF_ENDPOINT: hub.url } }));
  hub.requests.length = 0;
});

const ROWS = [
  { prompt: "naïve → ünïcode 🙂", final_text: "ok", reward: 1, steps: [{ tool: "search", args: { q: "a\nb" } }] },
  { prompt: "second", final_text: "", reward: 0.5, nested: { deep: [1, 2.5, null, true] } },
];

async function readBack(repo: string, path: string, accessToken: string | null = ALICE): Promise<string> {
  const blob = await downloadFile({ repo: { type: "dataset", name: repo }, path, hubUrl: hub.url, ...(accessToken && { accessToken }) });
  if (!blob) throw new Error(`${path} not found in ${repo}`);
  return blob.text();
}

const parseJsonl = (text: string) => text.trimEnd().split("\n").map((l) => JSON.parse(l) as unknown);

async function readBackBytes(repo: string, path: string): Promise<Uint8Array<ArrayBuffer>> {
  const blob = await downloadFile({ repo: { type: "dataset", name: repo }, path, hubUrl: hub.url, accessToken: ALICE });
  if (!blob) throw new Error(`${path} not found in ${repo}`);
  return new Uint8Array(await blob.arrayBuffer());
}

// Rows with no explicit null in a nested object (Parquet reads one back as an absent key).
const SUPPORT_JSONL = readFileSync(new URL("../../../../examples/support-canonical.jsonl", import.meta.url), "utf8");
const SUPPORT = parseJsonl(SUPPORT_JSONL) as Record<string, unknown>[];

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const outcome = await p.then(
    () => new Error("expected a PlatformError"),
    (error: unknown) => error,
  );
  if (PlatformError.isInstance(outcome)) return outcome;
  throw outcome;
}

describe("hubPush", () => {
  it("creates the repo, commits rows as JSONL, and downloadFile reads them back identical", async () => {
    const out = await hubPush(ROWS, "alice/rows", { private: true });
    expect(out).toMatchObject({ repo: "alice/rows", url: `${hub.url}/datasets/alice/rows`, path: "data/train.jsonl", rows: 2, created: true });
    expect(out.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(parseJsonl(await readBack("alice/rows", "data/train.jsonl"))).toEqual(ROWS);
    expect(hub.repos.get("alice/rows")!.private).toBe(true);
    // Private: the Hub hides it from anonymous readers and from other users.
    await expect(readBack("alice/rows", "data/train.jsonl", null)).rejects.toThrow(/Repository not found/);
    await expect(readBack("alice/rows", "data/train.jsonl", "hf_bob")).rejects.toThrow(/Repository not found/);
    expect(hub.requests.filter((r) => r.startsWith("POST"))).toEqual([
      "POST /api/repos/create",
      "POST /api/datasets/alice/rows/preupload/main",
      "POST /api/datasets/alice/rows/commit/main",
    ]);
  });

  it("pushes again to an existing repo (a new commit, created: false) under another path, in an org", async () => {
    const first = await hubPush([{ a: 1 }], "team/shared");
    const second = await hubPush((async function* () { yield { a: 2 }; yield { a: 3 }; })(), "team/shared", { path: "data/test.jsonl" });
    expect([first.created, second.created]).toEqual([true, false]);
    expect(second.commit).not.toBe(first.commit);
    const files: string[] = [];
    for await (const f of listFiles({ repo: { type: "dataset", name: "team/shared" }, recursive: true, hubUrl: hub.url, accessToken: ALICE })) {
      if (f.type === "file") files.push(f.path);
    }
    expect(files).toEqual([".gitattributes", "data/test.jsonl", "data/train.jsonl"]);
    expect(parseJsonl(await readBack("team/shared", "data/test.jsonl", null))).toEqual([{ a: 2 }, { a: 3 }]);
  });

  it("a file past the Hub's LFS threshold goes through the LFS batch and a PUT, and reads back byte for byte", async () => {
    const rows = Array.from({ length: 400 }, (_, i) => ({ i, text: `row ${i} `.repeat(8) }));
    const out = await hubPush(rows, "alice/big");
    expect(out.bytes).toBeGreaterThan(4096);
    expect(hub.requests.some((r) => r === "POST /datasets/alice/big.git/info/lfs/objects/batch")).toBe(true);
    expect(hub.requests.some((r) => r.startsWith("PUT /__lfs-upload/"))).toBe(true);
    expect(parseJsonl(await readBack("alice/big", "data/train.jsonl"))).toEqual(rows);
  });

  it("hubPushFile uploads a file from disk to data/<name> by default", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wai-hub-"));
    const path = join(dir, "eval.jsonl");
    const text = '{"x":1}\n{"x":2}\n';
    writeFileSync(path, text);
    const out = await hubPushFile(path, "alice/files");
    expect(out).toMatchObject({ path: "data/eval.jsonl", bytes: text.length, rows: null });
    expect(await readBack("alice/files", "data/eval.jsonl")).toBe(text);
    const missing = await failure(hubPushFile(join(dir, "nope.jsonl"), "alice/files"));
    expect(missing.message).toMatch(/^hubPushFile: cannot read .*nope\.jsonl/);
  });

  it("no token → an error saying to set HF_TOKEN, before any request", async () => {
    setPlatformRuntime(createNodeRuntime({ env: { HF_ENDPOINT: hub.url } }));
    const error = await failure(hubPush(ROWS, "alice/none"));
    expect(error.message).toMatch(/^No Hugging Face token: set HF_TOKEN/);
    expect((await failure(hubPush(ROWS, "alice/none", { token: "abc" }))).message).toMatch(/does not start with hf_/);
    expect(hub.requests).toEqual([]);
  });

  it("Hub refusals become PlatformErrors with the status and the repo: unknown token 401, read token 403, foreign namespace 403", async () => {
    const unknown = await failure(hubPush(ROWS, "alice/x", { token: "hf_unknown" }));
    expect([unknown.status, unknown.message]).toEqual([401, "Hugging Face push to alice/x -> 401: Invalid credentials in Authorization header"]);
    const reader = await failure(hubPush(ROWS, "alice/x", { token: READER }));
    expect(reader.status).toBe(403);
    expect(reader.message).toMatch(/^Hugging Face push to alice\/x -> 403: /);
    const foreign = await failure(hubPush(ROWS, "bob/x"));
    expect([foreign.status, foreign.detail]).toEqual([403, 'You don\'t have the rights to create a dataset under the namespace "bob"']);
    const absent = await failure(hubPush(ROWS, "alice/absent", { createRepo: false }));
    expect([absent.status, absent.detail]).toEqual([404, "Repository not found"]);
    expect(hub.repos.has("alice/x")).toBe(false);
  });

  it("an aborted signal rethrows the caller's reason and sends nothing", async () => {
    const controller = new AbortController();
    controller.abort(new Error("user stopped it"));
    await expect(hubPush(ROWS, "alice/aborted", { signal: controller.signal })).rejects.toThrow("user stopped it");
    expect(hub.requests).toEqual([]);
  });

  it("bad input is refused naming the row or the repo", async () => {
    await expect(hubPush([{ ok: 1 }, [1, 2]], "alice/bad")).rejects.toThrow("hubPush: row 1 is not a JSON object (got an array)");
    await expect(hubPush([{ n: 1n }], "alice/bad")).rejects.toThrow(/^hubPush: row 0 cannot be written as JSON/);
    await expect(hubPush([], "alice/bad")).rejects.toThrow("hubPush: no rows to push");
    await expect(hubPush(ROWS, "no-namespace")).rejects.toThrow('hubPush: repo must be "namespace/name", got "no-namespace"');
    await expect(hubPush(ROWS, "alice/bad", { path: "../x" })).rejects.toThrow(/invalid path/);
    expect(hub.requests).toEqual([]);
  });
});

describe("hubPush as Parquet, CSV or TSV (the path's extension)", () => {
  // What the front door makes of the rows as JSON Lines is what it must make of them in any format.
  const expected = async () => {
    const { rows } = await readTraces(new TextEncoder().encode(SUPPORT_JSONL));
    expect(rows).toHaveLength(SUPPORT.length);
    return rows;
  };

  it("data/train.parquet: the Hub gets a Parquet file (PAR1 at both ends) whose rows read back as pushed", async () => {
    const out = await hubPush(SUPPORT, "alice/parquet", { path: "data/train.parquet" });
    expect(out).toMatchObject({ path: "data/train.parquet", rows: SUPPORT.length, format: "parquet", created: true });
    const bytes = await readBackBytes("alice/parquet", "data/train.parquet");
    expect(out.bytes).toBe(bytes.length);
    const magic = (at: number) => new TextDecoder().decode(bytes.subarray(at, at + 4));
    expect([magic(0), magic(bytes.length - 4)]).toEqual(["PAR1", "PAR1"]);
    // Exactly the file @whileai/ingest writes of these rows, and it reads back to the same rows.
    expect(bytes).toEqual(await encodeRows(SUPPORT, "parquet"));
    const { rows, report } = await readTraces(bytes);
    expect(report.format).toBe("parquet");
    expect(rows).toEqual(await expected());
    // Past the stand-in's 4 KB threshold, so through LFS as a real Hub push of Parquet would be.
    expect(hub.requests.some((r) => r === "POST /datasets/alice/parquet.git/info/lfs/objects/batch")).toBe(true);
  });

  it("data/train.csv and data/test.TSV: CSV and TSV files whose rows read back as pushed, from an async iterable", async () => {
    const csv = await hubPush(SUPPORT, "alice/tabular", { path: "data/train.csv" });
    const tsv = await hubPush((async function* () { yield* SUPPORT; })(), "alice/tabular", { path: "data/test.TSV" });
    expect([csv.format, csv.rows, tsv.format, tsv.rows]).toEqual(["csv", SUPPORT.length, "tsv", SUPPORT.length]);
    const csvBytes = await readBackBytes("alice/tabular", "data/train.csv");
    const tsvBytes = await readBackBytes("alice/tabular", "data/test.TSV");
    expect(new TextDecoder().decode(csvBytes)).toMatch(/^id,channel,prompt,steps,final_text,reward,handle_time_s\n/);
    expect(new TextDecoder().decode(tsvBytes)).toMatch(/^id\tchannel\tprompt\tsteps\tfinal_text\treward\thandle_time_s\n/);
    expect(csvBytes).toEqual(await encodeRows(SUPPORT, "csv"));
    const [fromCsv, fromTsv] = [await readTraces(csvBytes), await readTraces(tsvBytes)];
    expect([fromCsv.report.format, fromTsv.report.format]).toEqual(["csv", "tsv"]);
    expect(fromCsv.rows).toEqual(await expected());
    expect(fromTsv.rows).toEqual(await expected());
  });

  it("rows are written as their JSON (toJSON applied, undefined dropped), the same rows JSONL would carry", async () => {
    const rows = [{ prompt: "p", at: new Date("2024-11-04T17:43:00Z"), gone: undefined, n: 1, nested: { s: "x" } }];
    await hubPush(rows, "alice/json-first", { path: "data/train.parquet" });
    const { rows: back } = await readTraces(await readBackBytes("alice/json-first", "data/train.parquet"));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ prompt: "p", at: "2024-11-04T17:43:00.000Z", n: 1, nested: { s: "x" } });
    expect(back[0]).not.toHaveProperty("gone");
    expect(back).toEqual((await readTraces(new TextEncoder().encode(JSON.stringify(rows[0]) + "\n"))).rows);
  });

  it("any other extension stays JSONL (.json, .ndjson, none); a Blob is pushed as given whatever the extension", async () => {
    for (const path of ["data/train.json", "data/train.ndjson", "data/train"]) {
      const out = await hubPush(ROWS, "alice/other-ext", { path });
      expect(out.format).toBe("jsonl");
      expect(parseJsonl(await readBack("alice/other-ext", path))).toEqual(ROWS);
    }
    const blob = new Blob(['{"as":"given"}\n']);
    const out = await hubPush(blob, "alice/other-ext", { path: "data/given.parquet" });
    expect([out.format, out.rows, out.bytes]).toEqual([null, null, blob.size]);
    expect(await readBack("alice/other-ext", "data/given.parquet")).toBe('{"as":"given"}\n');
  });

  it("bad rows are refused naming the row, before any request, as for JSONL", async () => {
    const path = "data/train.parquet";
    await expect(hubPush([{ ok: 1 }, [1, 2]], "alice/bad", { path })).rejects.toThrow("hubPush: row 1 is not a JSON object (got an array)");
    await expect(hubPush([{ n: 1n }], "alice/bad", { path })).rejects.toThrow(/^hubPush: row 0 cannot be written as JSON/);
    await expect(hubPush([{ ok: 1 }, { toJSON: () => [1] }], "alice/bad", { path: "data/x.csv" })).rejects.toThrow("hubPush: row 1 is not a JSON object once written as JSON (got an array)");
    await expect(hubPush([{ toJSON: () => undefined }], "alice/bad", { path })).rejects.toThrow("hubPush: row 0 is not a JSON object once written as JSON (got undefined)");
    await expect(hubPush([], "alice/bad", { path })).rejects.toThrow("hubPush: no rows to push");
    expect(hub.requests).toEqual([]);
  });
});

describe("hub reads", () => {
  it("hubWhoAmI, hubListFiles and hubDownload see what hubPush wrote", async () => {
    expect(await hubWhoAmI()).toEqual({ name: "alice", namespaces: ["alice", "team"], scopes: ["write"] });
    await hubPush(ROWS, "alice/read-back");
    expect(await hubListFiles("alice/read-back")).toEqual([
      { path: ".gitattributes", size: expect.any(Number) as number },
      { path: "data/train.jsonl", size: (await hubDownload("alice/read-back", "data/train.jsonl")).size },
    ]);
    expect(parseJsonl(await (await hubDownload("alice/read-back", "data/train.jsonl")).text())).toEqual(ROWS);
    const missing = await failure(hubDownload("alice/read-back", "data/none.jsonl"));
    expect([missing.status, missing.message]).toEqual([404, "Hugging Face download of data/none.jsonl from alice/read-back -> 404: no such file"]);
    const unknown = await failure(hubWhoAmI({ token: "hf_unknown" }));
    expect([unknown.status, unknown.detail]).toEqual([401, "Invalid credentials in Authorization header"]);
    expect((await failure(hubListFiles("alice/nothing-here"))).status).toBe(404);
  });

  it("take a signal too: an aborted one rejects with the caller's reason (an AbortError for a bare abort) and sends nothing", async () => {
    const signal = AbortSignal.abort();
    for (const read of [hubWhoAmI({ signal }), hubListFiles("alice/x", { signal }), hubDownload("alice/x", "data/train.jsonl", { signal })]) {
      expect(await read.then(() => null, (error: unknown) => (error as Error).name)).toBe("AbortError");
    }
    expect(hub.requests).toEqual([]);
  });
});
