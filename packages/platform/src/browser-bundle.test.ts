// The main entry of @whileai/platform must bundle for browsers: the undici transport and the
// credentials file live in @whileai/platform/node, injected through the runtime. The Hugging Face
// functions live in @whileai/platform/hub so the main entry carries no Hub library.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const workspace = {
  "@whileai/traces": entry("../../traces/src/index.ts"),
  "@whileai/hash-embed": entry("../../hash-embed/src/index.ts"),
};

async function bundle(path: string, alias: Record<string, string>): Promise<string> {
  const result = await build({
    entryPoints: [entry(path)],
    platform: "browser",
    format: "esm",
    bundle: true,
    write: false,
    logLevel: "silent",
    alias,
  });
  expect(result.errors).toEqual([]);
  return result.outputFiles[0]!.text;
}

describe("browser bundle", () => {
  it("the main entry reaches no Node built-in, undici, Buffer, process or Hub library, with no alias", async () => {
    const code = await bundle("./index.ts", workspace);
    expect(code).toMatch(/issueDelegatedCredential/);
    expect(code).not.toMatch(/\b(?:from|import\(|require\()\s*["'](?:node:|undici)/);
    expect(code).not.toMatch(/\bBuffer\.(?:from|alloc|concat)\b|\bprocess\.(?:env|cwd|argv)\b/);
    expect(code).not.toMatch(/hubPush|huggingface/i);
  }, 30_000); // under 1 s alone; the whole repo's tests in parallel on two cores can take several

  it("the /hub entry bundles with the Hub library's browser build", async () => {
    const code = await bundle("./hub.ts", {
      ...workspace,
      // @huggingface/hub maps dist/index.mjs to its browser build in its `browser` field, which
      // esbuild does not apply under an `exports` map; a browser bundler must pick this file.
      "@huggingface/hub": entry("../node_modules/@huggingface/hub/dist/browser/index.mjs"),
    });
    expect(code).toMatch(/hubPush/);
    // Imports only: the hub library names undici's global dispatcher symbol at run time, importing nothing.
    expect(code).not.toMatch(/\b(?:from|import\(|require\()\s*["'](?:node:|undici)/);
    // `globalThis.Buffer.from` is the hub library's feature-detected fast path, absent in a browser.
    expect(code).not.toMatch(/(?<!globalThis\.)\bBuffer\.(?:from|alloc|concat)\b|\bprocess\.(?:env|cwd|argv)\b/);
  }, 30_000);
});
