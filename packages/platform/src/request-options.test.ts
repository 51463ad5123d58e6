/** `apiUrl`, `apiKey`, `fetch` and `signal` of one call, against a recording server on 127.0.0.1. */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalog, datasets, deleteDataset } from "./datasets.js";
import { issueDelegatedCredential } from "./credentials.js";
import { call } from "./http/call.js";
import { pull as pullToFile } from "./node/pull.js";
import { createNodeRuntime } from "./node/runtime.js";
import { pull } from "./pull.js";
import { pushRows } from "./push-rows.js";
import { setPlatformRuntime, type PlatformFetch, type PlatformRuntime } from "./runtime.js";
import { failure, serverSuite } from "./testing/server-suite.js";

const suite = serverSuite("whileai-options-");

/** A runtime whose environment points elsewhere and whose transport must not be used. */
function elsewhere(env: Record<string, string> = {}): PlatformRuntime {
  return {
    env: (name) => ({ WHILEAI_API_URL: "http://127.0.0.1:9", WHILEAI_API_KEY: "k_env", ...env })[name],
    readCredentials: () => null,
    send: () => Promise.reject(new Error("the runtime's transport was used")),
  };
}

/** The global fetch, recording each URL it is asked for. */
function recordingFetch(): { fetch: PlatformFetch; urls: string[] } {
  const urls: string[] = [];
  return { urls, fetch: (url, init) => {
      urls.push(`${init.method} ${url}`);
      return fetch(url, init);
    } };
}

describe("per-call options", () => {
  it("apiUrl, apiKey and fetch of a call win over the environment and the runtime's transport", async () => {
    setPlatformRuntime(elsewhere());
    const { fetch, urls } = recordingFetch();
    suite.server.reset([{ status: 200, json: { datasets: [{ datasetId: "ds_1", rows: 2 }], storageBytes: 10 } }]);
    const listing = await datasets({ apiUrl: `${suite.server.url}//`, apiKey: "k_call", fetch });
    expect(listing).toEqual({ datasets: [{ datasetId: "ds_1", rows: 2 }], storageBytes: 10 });
    expect(urls).toEqual([`GET ${suite.server.url}/datasets`]);
    expect(suite.server.requests[0]!.headers["x-api-key"]).toBe("k_call");
  });

  it("without them, the environment decides: WHILEAI_API_URL, WHILEAI_API_KEY and the runtime's transport", async () => {
    setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: suite.server.url, WHILEAI_API_KEY: "k_env", WHILEAI_HOME: "/nonexistent-whileai-home" } }));
    suite.server.reset([{ status: 200, json: { deleted: true } }]);
    expect(await deleteDataset("ds_1")).toEqual({ deleted: true });
    expect(suite.server.requests.map((r) => [r.method, r.path, r.headers["x-api-key"]])).toEqual([["DELETE", "/datasets/ds_1", "k_env"]]);
  });

  it("the call's fetch also carries the raw URLs: the presigned PUT of a push and the part downloads of a pull", async () => {
    setPlatformRuntime(elsewhere());
    const { fetch, urls } = recordingFetch();
    const options = { apiUrl: suite.server.url, apiKey: "k", fetch };
    suite.server.reset([
      { status: 200, json: { datasetId: "ds_new", uploadUrl: `${suite.server.url}/upload?sig=1` } },
      { status: 200, text: "" },
      { status: 200, json: { datasetId: "ds_new", status: "ready", rows: 1 } },
      { status: 200, json: { parts: [`${suite.server.url}/part0?sig=2`] } },
      { status: 200, text: '{"prompt": "a"}\n' },
    ]);
    expect(await pushRows([{ prompt: "a" }], "set", options)).toEqual({ datasetId: "ds_new", status: "ready", rows: 1 });
    expect(await pull("ds_new", options)).toEqual([{ prompt: "a" }]);
    expect(urls).toEqual([
      `POST ${suite.server.url}/datasets`,
      `PUT ${suite.server.url}/upload?sig=1`,
      `POST ${suite.server.url}/datasets/ds_new/finalize`,
      `GET ${suite.server.url}/datasets/ds_new/download`,
      `GET ${suite.server.url}/part0?sig=2`,
    ]);
  });

  it("the Node entry's pull to a file streams the parts through the call's fetch", async () => {
    setPlatformRuntime(elsewhere());
    const { fetch, urls } = recordingFetch();
    const path = join(mkdtempSync(join(tmpdir(), "whileai-options-")), "rows.jsonl");
    suite.server.reset([{ status: 200, json: { parts: [`${suite.server.url}/p0`, `${suite.server.url}/p1`] } }, { status: 200, text: '{"a": 1}\n' }, { status: 200, text: '\n{"a": 2}' }]);
    expect(await pullToFile("ds_1", path, { apiUrl: suite.server.url, apiKey: "k", fetch })).toBe(path);
    expect(readFileSync(path, "utf8")).toBe('{"a": 1}\n{"a": 2}\n');
    expect(urls).toEqual([`GET ${suite.server.url}/datasets/ds_1/download`, `GET ${suite.server.url}/p0`, `GET ${suite.server.url}/p1`]);
  });

  it("the public catalog and the credential calls take apiUrl and fetch too, and send no API key", async () => {
    setPlatformRuntime(elsewhere());
    const { fetch, urls } = recordingFetch();
    suite.server.reset([{ status: 200, json: { datasets: [], agents: [] } }, { status: 200, json: { credential: "zp_dc_1", expiresAt: "2026-01-01T00:00:00Z" } }]);
    expect(await catalog({ apiUrl: suite.server.url, fetch })).toEqual({ datasets: [], agents: [] });
    expect(await issueDelegatedCredential("clerk", { apiUrl: suite.server.url, fetch })).toEqual({ credential: "zp_dc_1", expiresAt: "2026-01-01T00:00:00Z" });
    expect(urls).toEqual([`GET ${suite.server.url}/catalog`, `POST ${suite.server.url}/auth/issue-credential`]);
    expect(suite.server.requests.map((r) => [r.headers["x-api-key"], r.headers["authorization"]])).toEqual([
      [undefined, undefined],
      [undefined, "Bearer clerk"],
    ]);
  });

  it("refuses an apiUrl that is not an http(s) URL, or a fetch that is not a function, before any request", async () => {
    setPlatformRuntime(elsewhere());
    suite.server.reset([]);
    const bad = await failure(datasets({ apiUrl: "ftp://example.com", apiKey: "k" }));
    expect(bad).toBeInstanceOf(TypeError);
    expect(bad!.message).toBe('option apiUrl: expected an absolute http(s) URL, got "ftp://example.com"');
    const notFetch = await failure(datasets({ apiUrl: suite.server.url, apiKey: "k", fetch: "fetch" as unknown as PlatformFetch }));
    expect(notFetch!.message).toBe("option fetch: expected a function, got string");
    expect(suite.server.requests).toEqual([]);
  });
});

describe("signal", () => {
  it("a bare abort() while the server holds the reply rejects with an AbortError, through the call's fetch and through undici", async () => {
    const runtimes = { fetch: elsewhere(), undici: createNodeRuntime({ env: { WHILEAI_API_URL: suite.server.url, WHILEAI_HOME: "/nonexistent-whileai-home" } }) };
    for (const [via, runtime] of Object.entries(runtimes)) {
      setPlatformRuntime(runtime);
      suite.server.reset([{ hold: true }]);
      const controller = new AbortController();
      void suite.server.received(1).then(() => controller.abort());
      const options = via === "fetch" ? { apiUrl: suite.server.url, fetch: recordingFetch().fetch } : {};
      const error = await failure(datasets({ ...options, apiKey: "k", signal: controller.signal }));
      expect(error?.name, via).toBe("AbortError");
      expect(suite.server.requests, via).toHaveLength(1);
    }
  });

  it("an abort between attempts ends the retries: no second request after a 503", async () => {
    setPlatformRuntime(elsewhere());
    const controller = new AbortController();
    // The 503's body read is the last step before the backoff wait, so the abort lands between the attempts.
    const fetchFirst: PlatformFetch = async (url, init) => {
      const res = await fetch(url, init);
      return { status: res.status, headers: res.headers, text: () => res.text().finally(() => controller.abort()) };
    };
    suite.server.reset([{ status: 503, text: "busy" }, { hold: true }]);
    const error = await failure(call("GET", "/datasets", { apiUrl: suite.server.url, apiKey: "k", fetch: fetchFirst, signal: controller.signal }));
    expect(error?.name).toBe("AbortError");
    expect(suite.server.requests).toHaveLength(1);
  });

  it("an already aborted signal sends nothing", async () => {
    setPlatformRuntime(elsewhere());
    suite.server.reset([{ status: 200, json: {} }]);
    const error = await failure(datasets({ apiUrl: suite.server.url, apiKey: "k", fetch: recordingFetch().fetch, signal: AbortSignal.abort() }));
    expect(error?.name).toBe("AbortError");
    expect(suite.server.requests).toEqual([]);
  });
});
