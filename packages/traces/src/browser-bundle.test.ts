// The entries of @whileai/traces and @whileai/hash-embed but /node must bundle for browsers: no Node
// built-in (`node:*`, fs, path, process, Buffer) may be reachable from them. esbuild fails to
// resolve a built-in on platform "browser", and the output is checked for what slips through.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const HASH_EMBED_SRC = entry("../../hash-embed/src");

async function bundle(file: string): Promise<string> {
  const result = await build({
    entryPoints: [file],
    platform: "browser",
    format: "esm",
    bundle: true,
    write: false,
    logLevel: "silent",
    // Bundle the workspace package from source, so the check does not depend on a stale dist/;
    // "@whileai/hash-embed/internal" becomes src/internal(.ts).
    alias: { "@whileai/hash-embed": HASH_EMBED_SRC },
  });
  expect(result.errors).toEqual([]);
  return result.outputFiles[0].text;
}

const NODE_ONLY = [
  /\bfrom\s*["']node:/,
  /\bimport\(\s*["']node:/,
  /\brequire\(\s*["'](?:node:)?(?:fs|path|os|url|http|https|net|stream|zlib|crypto|child_process|worker_threads|buffer|util|events)["']\s*\)/,
  /\bprocess\.(?:env|cwd|argv|platform|versions)\b/,
  /\bBuffer\.(?:from|alloc|concat|isBuffer)\b/,
];

describe("browser bundle", () => {
  it.each([
    ["@whileai/hash-embed", `${HASH_EMBED_SRC}/index.ts`],
    ["@whileai/hash-embed/internal", `${HASH_EMBED_SRC}/internal.ts`],
    ["@whileai/traces", entry("./index.ts")],
    ["@whileai/traces/embedders", entry("./embedders.ts")],
    ["@whileai/traces/internal", entry("./internal.ts")],
  ])("%s bundles for the browser without Node built-ins", async (_name, file) => {
    const code = await bundle(file);
    expect(code.length).toBeGreaterThan(1000);
    for (const pattern of NODE_ONLY) expect(code).not.toMatch(pattern);
  });

  it("leaves the HTTP embedders out of the main entry: analysis makes no network calls", async () => {
    const main = await bundle(entry("./index.ts"));
    const embedders = await bundle(entry("./embedders.ts"));
    for (const sign of ["/api/embed", "api.openai.com", "Authorization"]) {
      expect(embedders).toContain(sign);
      expect(main).not.toContain(sign);
    }
  });

  it("fails on a Node built-in, so the check above can fail", async () => {
    await expect(
      build({ stdin: { contents: 'import { readFileSync } from "node:fs"; console.log(readFileSync);' }, platform: "browser", bundle: true, write: false, logLevel: "silent" }),
    ).rejects.toThrow(/node:fs/);
  });
});
