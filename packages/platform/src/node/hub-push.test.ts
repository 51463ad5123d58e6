/** `hubPush` / `hubPushFile` against the local Hub stand-in, read back with `@huggingface/hub`'s own `downloadFile` and `listFiles`. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { downloadFile, listFiles } from "@huggingface/hub";
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
});
