import { HashEmbedder } from "@whileai/hash-embed";
import { describe, expect, it } from "vitest";
import { CallableEmbedder } from "./callable-embedder.js";
import { resolveEmbedder } from "./embedder.js";

const INVALID = "embedder must be hash, bge, ollama:<model>, openai:<model>, or a callable";

describe("resolveEmbedder", () => {
  it("gives the hash embedder for null, undefined and 'hash'", () => {
    for (const spec of [null, undefined, "hash"]) expect(resolveEmbedder(spec)).toBeInstanceOf(HashEmbedder);
  });

  it("points openai and ollama names at the objects of @whileai/traces/embedders: analysis makes no HTTP calls", () => {
    expect(() => resolveEmbedder("openai:text-embedding-3-large")).toThrow(
      'embedder "openai:text-embedding-3-large" calls an HTTP API, which @whileai/traces does not do itself: pass embedder: new OpenAIEmbedder("text-embedding-3-large", { apiKey, baseUrl, fetch }) from "@whileai/traces/embedders".',
    );
    // Python's default models, and only the first colon splits: the rest is the model, tags included.
    expect(() => resolveEmbedder("openai")).toThrow('new OpenAIEmbedder("text-embedding-3-small", { apiKey, baseUrl, fetch })');
    expect(() => resolveEmbedder("openai:")).toThrow('new OpenAIEmbedder("text-embedding-3-small", ');
    expect(() => resolveEmbedder("ollama")).toThrow('new OllamaEmbedder("nomic-embed-text", { baseUrl, fetch })');
    expect(() => resolveEmbedder("ollama:qwen3-embedding:0.6b")).toThrow('new OllamaEmbedder("qwen3-embedding:0.6b", ');
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

