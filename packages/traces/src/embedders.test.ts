// The HTTP embedders through their entry, against a real HTTP server on 127.0.0.1 standing in for OpenAI and Ollama.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EmbedHttpError, OllamaEmbedder, OpenAIEmbedder } from "./embedders.js";
import { dropLeakyRows } from "./leakage/drop-leaky-rows.js";
import { leakageReport } from "./leakage/leakage-report.js";

interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  body: { model: string; input: string[] };
}
let server: Server;
let base = "";
let seen: Seen[] = [];
let failuresLeft = 0;
let reply: (body: Seen["body"], url: string) => unknown;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = "";
    req.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
    req.on("end", () => resolve(data));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as Seen["body"];
    seen.push({ method: req.method ?? "", url: req.url ?? "", auth: req.headers.authorization, body });
    if (failuresLeft > 0) {
      failuresLeft--;
      res.writeHead(503, { "content-type": "text/plain" }).end("busy");
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply(body, req.url ?? "")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  failuresLeft = 0;
});

// Vector of text t: [length, 0, ...] so each row normalises to a unit vector we can predict.
const vec = (t: string) => [t.length, 1];

describe("OllamaEmbedder", () => {
  beforeEach(() => {
    reply = (body) => ({ embeddings: body.input.map(vec) });
  });

  it("POSTs {host}/api/embed in batches of 128 and normalises the rows", async () => {
    const e = new OllamaEmbedder("nomic-embed-text", { baseUrl: `${base}//` });
    const texts = Array.from({ length: 300 }, (_, i) => "x".repeat(i % 5));
    const rows = await e.embed(texts);
    expect(seen.map((s) => [s.method, s.url, s.body.model, s.body.input.length])).toEqual([
      ["POST", "/api/embed", "nomic-embed-text", 128],
      ["POST", "/api/embed", "nomic-embed-text", 128],
      ["POST", "/api/embed", "nomic-embed-text", 44],
    ]);
    expect(seen.flatMap((s) => s.body.input)).toEqual(texts);
    expect(rows).toHaveLength(300);
    expect(Array.from(rows[3])).toEqual([3 / Math.sqrt(10), 1 / Math.sqrt(10)]);
  });

  it("makes no request for no texts", async () => {
    expect(await new OllamaEmbedder("m", { baseUrl: base }).embed([])).toEqual([]);
    expect(seen).toEqual([]);
  });

  it("does not retry, and reports a count mismatch", async () => {
    failuresLeft = 1;
    await expect(new OllamaEmbedder("m", { baseUrl: base }).embed(["a"])).rejects.toBeInstanceOf(EmbedHttpError);
    expect(seen).toHaveLength(1);
    reply = () => ({ embeddings: [[1, 0]] });
    await expect(new OllamaEmbedder("m", { baseUrl: base }).embed(["a", "b"])).rejects.toThrow("ollama:m returned 1 embeddings for 2 texts");
  });
});

describe("OpenAIEmbedder", () => {
  beforeEach(() => {
    // Answer out of order: the client must sort by index.
    reply = (body) => ({ data: body.input.map((t, index) => ({ index, embedding: vec(t) })).reverse() });
  });

  it("POSTs {base}/embeddings with the bearer key and sorts the answer by index", async () => {
    const e = new OpenAIEmbedder("text-embedding-3-small", { baseUrl: `${base}/v1/`, apiKey: "sk-test" });
    const rows = await e.embed(["a", "bbb"]);
    expect(seen).toEqual([{ method: "POST", url: "/v1/embeddings", auth: "Bearer sk-test", body: { model: "text-embedding-3-small", input: ["a", "bbb"] } }]);
    expect(rows.map((r) => Array.from(r))).toEqual([[1 / Math.sqrt(2), 1 / Math.sqrt(2)], [3 / Math.sqrt(10), 1 / Math.sqrt(10)]]);
  });

  it("sends no Authorization header without a key, and batches by 128", async () => {
    await new OpenAIEmbedder("m", { baseUrl: base }).embed(new Array(129).fill("q"));
    expect(seen.map((s) => [s.auth, s.body.input.length])).toEqual([[undefined, 128], [undefined, 1]]);
  });

  it("retries an HTTP error up to three attempts, then gives up", async () => {
    failuresLeft = 2;
    const rows = await new OpenAIEmbedder("m", { baseUrl: base, retryDelayMs: 1 }).embed(["a"]);
    expect(rows).toHaveLength(1);
    expect(seen).toHaveLength(3);
    seen = [];
    failuresLeft = 3;
    await expect(new OpenAIEmbedder("m", { baseUrl: base, retryDelayMs: 1 }).embed(["a"])).rejects.toThrow(/HTTP 503/);
    expect(seen).toHaveLength(3);
  });

  it("retries a network failure", async () => {
    let calls = 0;
    const flaky: typeof fetch = async (input, init) => {
      if (calls++ === 0) throw new TypeError("fetch failed");
      return fetch(input, init);
    };
    const rows = await new OpenAIEmbedder("m", { baseUrl: base, retryDelayMs: 1, fetch: flaky }).embed(["a"]);
    expect(rows).toHaveLength(1);
    expect(calls).toBe(2);
  });

  it("reports a count mismatch", async () => {
    reply = () => ({ data: [] });
    await expect(new OpenAIEmbedder("m", { baseUrl: base }).embed(["a"])).rejects.toThrow("openai:m returned 0 embeddings for 1 texts");
  });
});

describe("the embedders' options", () => {
  it("default to Python's models and hosts", () => {
    expect([new OpenAIEmbedder().name, new OpenAIEmbedder().baseUrl]).toEqual(["openai:text-embedding-3-small", "https://api.openai.com/v1"]);
    expect([new OllamaEmbedder().name, new OllamaEmbedder().host]).toEqual(["ollama:nomic-embed-text", "http://127.0.0.1:11434"]);
  });

  it("are checked when the embedder is made, naming the option", () => {
    expect(() => new OpenAIEmbedder("m", { timeoutMs: -1 })).toThrow(new TypeError("OpenAIEmbedder: option timeoutMs: Too small: expected number to be >0"));
    expect(() => new OllamaEmbedder("m", { base_url: "x" } as never)).toThrow(new TypeError('OllamaEmbedder: unknown option "base_url"'));
  });
});

describe("the global fetch", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("is what an embedder calls without a fetch option, looked up at each request", async () => {
    reply = (body) => ({ embeddings: body.input.map(vec) });
    const e = new OllamaEmbedder("m", { baseUrl: base });
    const urls: string[] = [];
    globalThis.fetch = (input, init) => {
      urls.push(String(input));
      return realFetch(input, init);
    };
    await e.embed(["a"]);
    expect(urls).toEqual([`${base}/api/embed`]);
  });
});

describe("leakageReport and dropLeakyRows with an HTTP embedder", () => {
  it("answer with a Promise of the report the server's vectors give", async () => {
    // Two texts of the same length get the same vector here: "abcd" copies "wxyz".
    reply = (body) => ({ data: body.input.map((t, index) => ({ index, embedding: vec(t) })) });
    const embedder = new OpenAIEmbedder("m", { baseUrl: base });
    const report = leakageReport(["abcd", "a"], ["wxyz"], { embedder, threshold: 0.99 });
    expect(report).toBeInstanceOf(Promise);
    expect(await report).toEqual({ n: 2, n_sources: 1, threshold: 0.99, n_leaky: 1, max_similarity: 1, leaky: [{ row: 0, source: 0, similarity: 1 }] });
    const [kept, dropped] = await dropLeakyRows(["abcd", "a"], ["wxyz"], { embedder, threshold: 0.99 });
    expect([kept, dropped.n_dropped]).toEqual([["a"], 1]);
  });
});
