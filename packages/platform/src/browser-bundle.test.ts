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
      alias: { "@whileai/traces": entry("../../traces/src/index.ts"), "@whileai/hash-embed": entry("../../hash-embed/src/index.ts") },
    });
    expect(result.errors).toEqual([]);
    const code = result.outputFiles[0]!.text;
    expect(code).toMatch(/issueDelegatedCredential/);
    expect(code).not.toMatch(/\bfrom\s*["']node:|\bimport\(\s*["']node:|undici/);
    expect(code).not.toMatch(/\bBuffer\.(?:from|alloc|concat)\b|\bprocess\.(?:env|cwd|argv)\b/);
  });
});
