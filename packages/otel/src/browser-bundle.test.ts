// The main entry of @whileai/otel (rowsFromOtel, the decoders, WhileSpanExporter) must bundle for
// browsers: no Node built-in may be reachable from it, dependencies included. The reader of
// files and the HTTP receiver live in @whileai/otel/node.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));

async function bundle(external: string[]): Promise<string> {
  const result = await build({
    entryPoints: [entry("./index.ts")],
    platform: "browser",
    format: "esm",
    bundle: true,
    write: false,
    logLevel: "silent",
    external,
    // The workspace packages from source, so the check does not depend on a stale dist/.
    alias: { "@whileai/traces": entry("../../traces/src"), "@whileai/hash-embed": entry("../../hash-embed/src") },
  });
  expect(result.errors).toEqual([]);
  return result.outputFiles[0].text;
}

describe("browser bundle", () => {
  it("@whileai/otel and its dependencies import no Node built-in", async () => {
    // esbuild refuses to resolve a built-in on platform "browser"; these catch what slips through.
    const code = await bundle([]);
    expect(code).toMatch(/WhileSpanExporter/);
    expect(code).not.toMatch(/\bfrom\s*["']node:|\bimport\(\s*["']node:/);
    expect(code).not.toMatch(/\brequire\(\s*["'](?:node:)?(?:fs|path|os|url|http|https|net|stream|zlib|crypto|child_process|worker_threads|buffer|util|events)["']\s*\)/);
  });

  it("our own code does not use Buffer or process (dependencies feature-test them)", async () => {
    const code = await bundle(["protobufjs", "protobufjs/*", "long", "@opentelemetry/*"]);
    expect(code).not.toMatch(/\bBuffer\.(?:from|alloc|concat|isBuffer)\b/);
    expect(code).not.toMatch(/\bprocess\.(?:env|cwd|argv|platform|versions)\b/);
  });
});
