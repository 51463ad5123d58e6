// The main entry of @whileai/ingest (the front door the web explorer reads through) must bundle
// for browsers: no Node built-in reachable from it, its workspace dependencies included. File
// paths live in @whileai/ingest/node.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const WORKSPACE = {
  "@whileai/traces": entry("../../traces/src"),
  "@whileai/otel": entry("../../otel/src"),
  "@whileai/hash-embed": entry("../../hash-embed/src"),
};
const TABLE_LIBRARIES = /node_modules\/.*(?:hyparquet|flechette|papaparse|lz4js|fzstd)/;
/**
 * The minified, gzipped first load of the main entry (the entry and the chunks it imports
 * statically) before the table formats came (issue 14): 24,801 bytes. They may add 5 KiB.
 */
const FIRST_LOAD_BUDGET = 24_801 + 5 * 1024;

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
      alias: WORKSPACE,
    });
    expect(result.errors).toEqual([]);
    const code = result.outputFiles.map((file) => file.text).join("\n");
    expect(code).toMatch(/readTraces/);
    expect(code).not.toMatch(/\bfrom\s*["']node:|\bimport\(\s*["']node:/);
    expect(code).not.toMatch(/\bBuffer\.(?:from|alloc|concat|isBuffer)\b/);
    expect(code).not.toMatch(/\bprocess\.(?:env|cwd|argv|platform|versions)\b/);
  });

  it("loads the Parquet, Arrow and CSV readers and writers on demand: not in the first load, within its budget", async () => {
    const result = await build({
      entryPoints: [entry("./index.ts")],
      platform: "browser",
      format: "esm",
      bundle: true,
      splitting: true,
      minify: true,
      metafile: true,
      outdir: "out",
      write: false,
      logLevel: "silent",
      external: ["protobufjs", "protobufjs/*", "long", "@opentelemetry/*"],
      alias: WORKSPACE,
    });
    const outputs = result.metafile.outputs;
    const byName = new Map(result.outputFiles.map((file) => [file.path.split("/").pop(), file.contents]));
    const first = new Set<string>();
    const stack = [Object.keys(outputs).find((name) => name.endsWith("/index.js"))!];
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (first.has(name)) continue;
      first.add(name);
      for (const imported of outputs[name].imports) if (imported.kind === "import-statement") stack.push(imported.path);
    }
    const inputsOf = (names: Iterable<string>) => [...names].flatMap((name) => Object.keys(outputs[name].inputs));
    expect(inputsOf(first).filter((input) => TABLE_LIBRARIES.test(input))).toEqual([]);
    // ...and the readers are in the bundle, in chunks of their own.
    expect(inputsOf(Object.keys(outputs)).filter((input) => TABLE_LIBRARIES.test(input)).length).toBeGreaterThan(5);
    const bytes = [...first].reduce((sum, name) => sum + gzipSync(byName.get(name.split("/").pop())!).length, 0);
    expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });
});
