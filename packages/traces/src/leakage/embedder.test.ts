import { HashEmbedder } from "@whileai/hash-embed";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CallableEmbedder } from "./callable-embedder.js";
import { resolveEmbedder } from "./embedder.js";
import { EmbedHttpError } from "./http.js";
import { OllamaEmbedder } from "./ollama-embedder.js";
import { OpenAIEmbedder } from "./openai-embedder.js";

const INVALID = "embedder must be hash, bge, ollama:<model>, openai:<model>, or a callable";

describe("resolveEmbedder", () => {
  it("gives the hash embedder for null, undefined and 'hash'", () => {
    for (const spec of [null, undefined, "hash"]) expect(resolveEmbedder(spec)).toBeInstanceOf(HashEmbedder);
  });

  it("maps openai and ollama names to HTTP embedders, with default models", () => {
    const openai = resolveEmbedder("openai:text-embedding-3-large");
    expect(openai).toBeInstanceOf(OpenAIEmbedder);
    expect(openai.name).toBe("openai:text-embedding-3-large");
    expect(resolveEmbedder("openai").name).toBe("openai:text-embedding-3-small");
    expect(resolveEmbedder("openai:").name).toBe("openai:text-embedding-3-small");
    expect(resolveEmbedder("ollama").name).toBe("ollama:nomic-embed-text");
    expect(resolveEmbedder("ollama:mxbai-embed-large").name).toBe("ollama:mxbai-embed-large");
    // Only the first colon splits: the rest is the model, tags included.
    expect(resolveEmbedder("ollama:qwen3-embedding:0.6b").name).toBe("ollama:qwen3-embedding:0.6b");
  });

  it("refuses modal and bge clearly: they are not ported", () => {
    for (const spec of ["modal", "modal:http://127.0.0.1:9/dead", "bge", "bge:BAAI/bge-base-en-v1.5", "sentence-transformers"]) {
      expect(() => resolveEmbedder(spec)).toThrow(/not available in whileai-ts/);
    }
  });

  it("throws Python's ValueError text for any other name", () => {
    for (const spec of ["foo", "nope:model", "hash:x", "HASH", ""]) expect(() => resolveEmbedder(spec)).toThrow(INVALID);
  });

  it("returns an object with embed as is", () => {
    const custom = { name: "mine", embed: (texts: readonly string[]) => texts.map(() => [1, 0]) };
    expect(resolveEmbedder(custom)).toBe(custom);
    const fnWithEmbed = Object.assign(() => [], { name2: "x", embed: () => [] });
    expect(resolveEmbedder(fnWithEmbed as never)).toBe(fnWithEmbed);
  });

  it("wraps a plain function and L2-normalises its rows", () => {
    const e = resolveEmbedder((texts) => texts.map(() => [3, 4]));
    expect(e).toBeInstanceOf(CallableEmbedder);
    expect(e.name).toBe("callable");
    expect(e.semantic).toBe(true);
    expect((e.embed(["a"]) as Float64Array[]).map((v) => Array.from(v))).toEqual([[0.6, 0.8]]);
    expect((e.embed(["a"]) as Float64Array[])[0]).toBeInstanceOf(Float64Array);
  });

  it("normalises with fsum and leaves a zero row at zero", () => {
    const e = resolveEmbedder(() => [new Array(10).fill(0.1), [0, 0]]);
    const [a, z] = e.embed(["a", "b"]) as Float64Array[];
    expect(a[0]).toBe(0.31622776601683794); // repr(_normalize([0.1]*10)[0]) in the Python tests
    expect(Array.from(z)).toEqual([0, 0]);
  });

  it("awaits a function that answers with a Promise, and reads numeric strings as float() does", async () => {
    const e = resolveEmbedder(async (texts) => texts.map(() => ["3", 4] as unknown as number[]));
    expect((await e.embed(["a"])).map((v) => Array.from(v))).toEqual([[0.6, 0.8]]);
  });

  it("throws TypeError for anything else", () => {
    for (const spec of [5, true, {}, [1, 2]]) expect(() => resolveEmbedder(spec as never)).toThrow(new TypeError("invalid embedder"));
  });
});

// A real HTTP server on 127.0.0.1 standing in for OpenAI and Ollama.
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
    const e = resolveEmbedder("ollama:nomic-embed-text", { baseUrl: `${base}//` });
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
    const e = resolveEmbedder("openai:text-embedding-3-small", { baseUrl: `${base}/v1/`, apiKey: "sk-test" });
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
