import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deleteDataset, preview } from "../datasets.js";
import { createNodeRuntime } from "../node/runtime.js";
import { PlatformError } from "../platform-error.js";
import { fetchRuntime, setPlatformRuntime } from "../runtime.js";
import { startRecordingServer, type RecordingServer } from "../testing/recording-server.js";
import { call, segment, urlencode } from "./call.js";
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter } from "./retry.js";

const FAST = { baseDelayMs: 1, maxDelayMs: 5 };
let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer();
});
afterEach(() => setPlatformRuntime(fetchRuntime));
afterAll(() => server.close());

function useServer(env: Record<string, string> = {}): void {
  setPlatformRuntime(createNodeRuntime({ env: { WHILEAI_API_URL: server.url, WHILEAI_HOME: "/nonexistent-whileai-home", ...env } }));
}

const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe("call", () => {
  it("retries a GET after 503 and returns the later reply", async () => {
    useServer();
    server.reset([{ status: 503, text: "busy" }, { status: 200, json: { ok: 1 } }]);
    expect(await call("GET", "/datasets", { apiKey: "k", retry: FAST })).toEqual({ ok: 1 });
    expect(server.requests.map((r) => r.method)).toEqual(["GET", "GET"]);
  });

  it("waits the Retry-After of a 429 before the retry", async () => {
    useServer();
    server.reset([{ status: 429, text: "slow down", headers: { "retry-after": "1" } }, { status: 200, json: [] }]);
    const start = performance.now();
    expect(await call("DELETE", "/datasets/x", { apiKey: "k", retry: FAST })).toEqual([]);
    expect(performance.now() - start).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it("gives up after the last retry with the last status in the message", async () => {
    useServer();
    server.reset([{ status: 502, text: "a" }, { status: 502, text: "b" }, { status: 504, text: '{"error": "gateway"}' }]);
    const error = await failure(call("GET", "/agents?x=1", { apiKey: "k", retry: { ...FAST, retries: 2 } }));
    expect(PlatformError.isInstance(error)).toBe(true);
    expect((error as PlatformError).message).toBe(`GET ${server.url}/agents -> 504: gateway`);
    expect((error as PlatformError).status).toBe(504);
    expect(server.requests).toHaveLength(3);
  });

  it("never retries a POST, whatever the status", async () => {
    useServer();
    server.reset([{ status: 503, text: "busy" }, { status: 200, json: {} }]);
    const error = await failure(call("POST", "/datasets", { apiKey: "k", body: { name: "x" }, retry: FAST }));
    expect((error as Error).message).toBe(`POST ${server.url}/datasets -> 503: busy`);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a GET whose connection drops, and fails a POST whose connection drops", async () => {
    useServer();
    server.reset([{ drop: true }, { status: 200, json: { back: true } }]);
    expect(await call("GET", "/hf/me", { apiKey: "k", retry: FAST })).toEqual({ back: true });
    server.reset([{ drop: true }, { status: 200, json: {} }]);
    const error = await failure(call("POST", "/agents", { apiKey: "k", body: {}, retry: FAST }));
    expect(PlatformError.isInstance(error)).toBe(true);
    expect((error as Error).message.startsWith(`POST ${server.url}/agents failed: `)).toBe(true);
    expect((error as PlatformError).status).toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it("rethrows the caller's abort reason, without retrying", async () => {
    useServer();
    server.reset([{ hold: true }, { status: 200, json: {} }]);
    const controller = new AbortController();
    // Abort mid-request: once the server has the request, whose reply it holds.
    void server.received(1).then(() => controller.abort(new Error("stop")));
    const error = await failure(call("GET", "/datasets", { apiKey: "k", signal: controller.signal, retry: FAST }));
    expect((error as Error).message).toBe("stop");
    expect(server.requests).toHaveLength(1);
  });

  it("turns a timeout into a 'failed: timed out' PlatformError", async () => {
    useServer();
    // The server never answers: the client's own 0.2 s timeout is the only way out.
    server.reset([{ hold: true }]);
    const error = await failure(call("POST", "/v1/scores", { apiKey: "k", body: {}, timeout: 0.2 }));
    expect((error as Error).message).toBe(`POST ${server.url}/v1/scores failed: timed out`);
  });

  it("keeps the raw body as detail unless it is a JSON object with an error, cut at 400 characters", async () => {
    useServer();
    server.reset([{ status: 400, text: '["error"]' }]);
    expect((await failure(call("POST", "/a", { apiKey: "k" })) as Error).message).toBe(`POST ${server.url}/a -> 400: ["error"]`);
    server.reset([{ status: 400, text: '{"error": null}' }]);
    expect((await failure(call("POST", "/a", { apiKey: "k" })) as Error).message).toBe(`POST ${server.url}/a -> 400: None`);
    const long = "é".repeat(450);
    server.reset([{ status: 400, text: long }]);
    expect((await failure(call("POST", "/a", { apiKey: "k" })) as PlatformError).detail).toBe("é".repeat(400));
  });

  it("returns {} for an empty 2xx body and the raw text for a raw URL", async () => {
    useServer();
    server.reset([{ status: 204, text: "" }, { status: 200, text: '{"a": 1}\n' }]);
    expect(await call("POST", "/datasets/x/finalize", { apiKey: "k" })).toEqual({});
    expect(await call("GET", "", { rawUrl: `${server.url}/part0?sig=1` })).toBe('{"a": 1}\n');
    expect(server.requests[1]!.headers["x-api-key"]).toBeUndefined();
  });

  it("sends a whitespace-only bearer token as no token, falling back to the API key", async () => {
    useServer({ WHILEAI_API_KEY: "k_env" });
    server.reset([{ status: 200, json: {} }]);
    await call("POST", "/auth/issue-credential", { authToken: "   ", body: {} });
    expect(server.requests[0]!.headers["authorization"]).toBeUndefined();
    expect(server.requests[0]!.headers["x-api-key"]).toBe("k_env");
  });
});

describe("segment", () => {
  it("URL-encodes ids so they cannot leave their path segment", async () => {
    expect(segment("ds/../x y")).toBe("ds%2F..%2Fx%20y");
    useServer();
    server.reset([{ status: 200, json: {} }, { status: 200, json: {} }]);
    await preview("a/b?c", { apiKey: "k" });
    await deleteDataset("ds_1", { apiKey: "k" });
    expect(server.requests.map((r) => r.path)).toEqual(["/datasets/a%2Fb%3Fc/preview", "/datasets/ds_1"]);
  });
});

describe("urlencode", () => {
  it("quotes as Python's quote_plus", () => {
    expect(urlencode([["a b", "x&y=z/ü!*'()~._-"]])).toBe("a+b=x%26y%3Dz%2F%C3%BC%21%2A%27%28%29~._-");
  });
});

describe("retry timing", () => {
  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter("soon")).toBeNull();
    expect(parseRetryAfter("Sun, 29 Nov 2026 12:00:10 GMT", Date.parse("Sun, 29 Nov 2026 12:00:00 GMT"))).toBe(10_000);
  });

  it("caps the jittered backoff", () => {
    expect(backoffDelay(0, DEFAULT_RETRY, () => 1)).toBe(500);
    expect(backoffDelay(10, DEFAULT_RETRY, () => 1)).toBe(8000);
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0)).toBe(0);
  });
});
