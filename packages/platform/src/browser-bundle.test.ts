// The main entry of @whileai/platform must bundle for browsers: the undici transport and the
// credentials file live in @whileai/platform/node, injected through the runtime.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe("browser bundle", () => {
  it("the main entry reaches no Node built-in, undici, Buffer or process import", async () => {
    const result = await build({
      entryPoints: [entry("./index.ts")],
      platform: "browser",
      format: "esm",
      bundle: true,
      write: false,
      logLevel: "silent",
      alias: {
        "@whileai/traces": entry("../../traces/src/index.ts"),
        "@whileai/hash-embed": entry("../../hash-embed/src/index.ts"),
        // @huggingface/hub maps dist/index.mjs to its browser build in its `browser` field, which
        // esbuild does not apply under an `exports` map; a browser bundler picks this file.
        "@huggingface/hub": entry("../node_modules/@huggingface/hub/dist/browser/index.mjs"),
      },
    });
    expect(result.errors).toEqual([]);
    const code = result.outputFiles[0]!.text;
    expect(code).toMatch(/issueDelegatedCredential/);
    // Imports only: the hub library names undici's global dispatcher symbol at run time, importing nothing.
    expect(code).not.toMatch(/\b(?:from|import\(|require\()\s*["'](?:node:|undici)/);
    // `globalThis.Buffer.from` is the hub library's feature-detected fast path, absent in a browser.
    expect(code).not.toMatch(/(?<!globalThis\.)\bBuffer\.(?:from|alloc|concat)\b|\bprocess\.(?:env|cwd|argv)\b/);
    expect(code).toMatch(/hubPush/);
  }, 30_000); // under 1 s alone; the whole repo's tests in parallel on two cores can take several
});
