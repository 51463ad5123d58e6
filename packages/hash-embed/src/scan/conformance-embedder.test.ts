// The hash_vector conformance vectors replayed through the scan's own embedder (word ids, bigram
// cache, tokens hashed from word ids), with the WebAssembly hasher and with @noble/hashes, and through the
// WebAssembly embedder (assembly/embed.ts): the counts it gives
// the kernels must make exactly Python's vector. Only dim 256 applies (the scan's layout).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { normalizeCounts } from "../hash-vector.js";
import { pyStr } from "../python/repr.js";
import { CountEmbedder } from "./count-embedder.js";
import { embedModule, WasmEmbedder } from "./wasm-embedder.js";
import { wordTokenHasher } from "./word-token-hasher.js";

const file = fileURLToPath(new URL("../../../../../shared/conformance/hash_vector.jsonl", import.meta.url));

describe.skipIf(!existsSync(file))("hash_vector vectors through the scan embedder (needs ../shared next to the checkout)", () => {
  const vectors = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { id: string; args: unknown[]; kwargs: { dim?: number }; out: unknown });
  const cases = vectors.filter((v) => (v.kwargs.dim ?? v.args[1] ?? 256) === 256 && Array.isArray(v.out));

  for (const implementation of ["wasm", "noble"] as const) {
    test(`BLAKE2b ${implementation}`, () => {
      expect(cases.length).toBeGreaterThan(30);
      const embedder = new CountEmbedder(wordTokenHasher(implementation));
      // Twice: the second pass answers from the caches.
      for (let pass = 0; pass < 2; pass++) {
        for (const v of cases) {
          const text = typeof v.args[0] === "string" ? v.args[0] : pyStr(v.args[0]);
          embedder.embed(text);
          expect(Array.from(normalizeCounts(embedder.counts)), `${v.id} (pass ${pass + 1})`).toEqual(v.out);
        }
      }
    });
  }

  test("the WebAssembly embedder", () => {
    const embedder = new WasmEmbedder(embedModule()!);
    for (let pass = 0; pass < 2; pass++) {
      for (const v of cases) {
        const text = typeof v.args[0] === "string" ? v.args[0] : pyStr(v.args[0]);
        embedder.embed(text);
        expect(Array.from(normalizeCounts(embedder.counts)), `${v.id} (pass ${pass + 1})`).toEqual(v.out);
      }
    }
  });
});
