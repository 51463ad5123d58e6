// The main entry of @whileai/ingest (the front door the web explorer reads through) must bundle
// for browsers: no Node built-in reachable from it, its workspace dependencies included. File
// paths live in @whileai/ingest/node.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe("browser bundle", () => {
  it("@whileai/ingest, @whileai/otel and @whileai/traces import no Node built-in, and use no Buffer or process", async () => {
    const result = await build({
      entryPoints: [entry("./index.ts")],
      platform: "browser",
      format: "esm",
      bundle: true,
      write: false,
      logLevel: "silent",
      // Dependencies of otel feature-test Buffer themselves; our own code must not need it.
      external: ["protobufjs", "protobufjs/*", "long", "@opentelemetry/*"],
      // The workspace packages from source, so the check does not depend on a stale dist/.
      alias: {
        "@whileai/traces": entry("../../traces/src/index.ts"),
        "@whileai/otel": entry("../../otel/src/index.ts"),
        "@whileai/hash-embed": entry("../../hash-embed/src/index.ts"),
      },
    });
    expect(result.errors).toEqual([]);
    const code = result.outputFiles.map((file) => file.text).join("\n");
    expect(code).toMatch(/readTraces/);
    expect(code).not.toMatch(/\bfrom\s*["']node:|\bimport\(\s*["']node:/);
    expect(code).not.toMatch(/\bBuffer\.(?:from|alloc|concat|isBuffer)\b/);
    expect(code).not.toMatch(/\bprocess\.(?:env|cwd|argv|platform|versions)\b/);
  });
});
