// The main entry of @whileai/platform must bundle for browsers: the undici transport and the
// credentials file live in @whileai/platform/node, injected through the runtime. The Hugging Face
// functions live in @whileai/platform/hub so the main entry carries no Hub library, and
// @whileai/ingest (hubPush's Parquet, CSV and TSV writers) is reached only through import().
// `/hub` reaches @huggingface/hub's browser build through the `#huggingface-hub` import's
// `browser` condition, so no bundler needs an alias (scripts/vendor-hub.mjs says why).
import { build, type Metafile } from "esbuild";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import webpack from "webpack";

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const workspace = {
  "@whileai/traces": entry("../../traces/src"),
  "@whileai/hash-embed": entry("../../hash-embed/src"),
  "@whileai/ingest": entry("../../ingest/src"),
  "@whileai/otel": entry("../../otel/src"),
};
// The browser build the `browser` condition of `#huggingface-hub` names, and the Node build it must not reach.
const VENDORED_HUB = /(?:^|\/)dist\/vendor\/huggingface-hub\//;
const HUB_NODE_BUILD = /@huggingface\/hub\/dist\/(?!browser\/)/;

/** Bundles `contents` (a module beside the sources) for the browser; its code and the files that went in. */
async function bundle(contents: string, options: { minify?: boolean } = {}): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    stdin: { contents, resolveDir: entry("."), loader: "ts" },
    platform: "browser",
    format: "esm",
    bundle: true,
    write: false,
    metafile: true,
    logLevel: "silent",
    minify: options.minify ?? false,
    alias: workspace,
  });
  expect(result.errors).toEqual([]);
  return { code: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs) };
}

// esbuild --bundle --minify --platform=browser --format=esm, gzip level 9, as the README's sizes are measured.
const DATASETS_BUDGET_GZIP = 25_000;
const CLASSIC_ZOD = /node_modules\/.*zod\/(?:v4\/classic|v3)\//;

describe("browser bundle", () => {
  it("the main entry reaches no Node built-in, undici, Buffer, process, Hub library or classic zod, with no alias", async () => {
    const { code, inputs } = await bundle('export * from "./index.ts";');
    expect(inputs.filter((i) => CLASSIC_ZOD.test(i))).toEqual([]);
    expect(code).toMatch(/issueDelegatedCredential/);
    expect(code).not.toMatch(/\b(?:from|import\(|require\()\s*["'](?:node:|undici)/);
    expect(code).not.toMatch(/\bBuffer\.(?:from|alloc|concat)\b|\bprocess\.(?:env|cwd|argv)\b/);
    expect(code).not.toMatch(/hubPush|huggingface/i);
    expect(code).not.toMatch(/encodeRows|parquet/i);
  }, 30_000); // under 1 s alone; the whole repo's tests in parallel on two cores can take several

  it(`datasets alone is at most ${DATASETS_BUDGET_GZIP} bytes minified and gzipped, with zod/mini and no classic zod`, async () => {
    const { code, inputs } = await bundle('export { datasets } from "./index.ts";', { minify: true });
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(DATASETS_BUDGET_GZIP);
    expect(inputs.filter((i) => CLASSIC_ZOD.test(i))).toEqual([]);
    expect(inputs.some((i) => /zod\/v4\/mini\//.test(i))).toBe(true);
  }, 30_000);

  it("the /hub entry bundles with plain esbuild, reaching the Hub library's browser build", async () => {
    const { code, inputs } = await bundle('export * from "./hub.ts";');
    expect(code).toMatch(/hubPush/);
    expect(inputs.some((i) => VENDORED_HUB.test(i))).toBe(true);
    expect(inputs.filter((i) => HUB_NODE_BUILD.test(i))).toEqual([]);
    // Imports only: the hub library names undici's global dispatcher symbol at run time, importing nothing.
    expect(code).not.toMatch(/\b(?:from|import\(|require\()\s*["'](?:node:|undici)/);
    // `globalThis.Buffer.from` is the hub library's feature-detected fast path, absent in a browser.
    expect(code).not.toMatch(/(?<!globalThis\.)\bBuffer\.(?:from|alloc|concat)\b|\bprocess\.(?:env|cwd|argv)\b/);
  }, 30_000);

  it("hubPush loads @whileai/ingest's writers only for a Parquet, CSV or TSV push, and never its readers", async () => {
    const result = await build({
      stdin: { contents: 'export { hubPush } from "./hub.ts";', resolveDir: entry("."), loader: "ts" },
      platform: "browser",
      format: "esm",
      bundle: true,
      splitting: true,
      outdir: entry("../dist-bundle-test"),
      write: false,
      metafile: true,
      logLevel: "silent",
      alias: workspace,
    });
    expect(result.errors).toEqual([]);
    const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([path, output]) => [resolve(path), output]));
    const start = Object.keys(outputs).find((path) => path.endsWith("stdin.js"))!;
    /** The chunks a page loads from `from`: static imports always, dynamic ones where `follow` says. */
    const loaded = (from: string[], follow: (output: Metafile["outputs"][string]) => boolean = () => false): Set<string> => {
      const seen = new Set<string>();
      const todo = [...from];
      for (let path = todo.pop(); path !== undefined; path = todo.pop()) {
        if (seen.has(path)) continue;
        seen.add(path);
        const output = outputs[path]!;
        for (const i of output.imports) if (!i.external && (i.kind === "import-statement" || (i.kind === "dynamic-import" && follow(output)))) todo.push(resolve(i.path));
      }
      return seen;
    };
    // Input paths are relative to the working directory: made absolute, as the output paths are.
    const inputsOf = (path: string) => Object.keys(outputs[path]!.inputs).map((i) => resolve(i));
    const inputs = (chunks: Set<string>) => [...chunks].flatMap(inputsOf);
    const chunkOf = (input: RegExp) => Object.keys(outputs).find((path) => inputsOf(path).some((i) => input.test(i)))!;
    const INGEST = /packages\/ingest\/|hyparquet|papaparse/;

    // Up front: hubPush, the Hub library, no ingest code.
    expect(inputs(loaded([start])).filter((i) => INGEST.test(i))).toEqual([]);
    // A Parquet push loads hubPush's tabular chunk, ingest's encodeRows, the Parquet writer and
    // what it imports (hyparquet-writer); a CSV push papaparse. Neither loads a reader.
    const tabular = chunkOf(/hub-push-tabular\.ts$/);
    const dynamicImports = (path: string) => outputs[path]!.imports.filter((i) => i.kind === "dynamic-import").map((i) => resolve(i.path));
    expect(dynamicImports(chunkOf(/platform\/src\/hub-push\.ts$/))).toContain(tabular);
    expect(dynamicImports(tabular)).toEqual(expect.arrayContaining([chunkOf(/tabular\/parquet-write\.ts$/), chunkOf(/tabular\/csv-write\.ts$/)]));
    const writer = (file: RegExp) => loaded([tabular, chunkOf(file)], (output) => Object.keys(output.inputs).some((i) => file.test(resolve(i))));
    const parquet = inputs(writer(/tabular\/parquet-write\.ts$/));
    const csv = inputs(writer(/tabular\/csv-write\.ts$/));
    expect(parquet.some((i) => /ingest\/src\/write-rows\.ts$/.test(i))).toBe(true);
    expect(parquet.some((i) => /hyparquet-writer/.test(i))).toBe(true);
    expect(csv.some((i) => /papaparse/.test(i))).toBe(true);
    const READERS = /ingest\/src\/(?:read|readers\/|tabular\/(?:parquet|csv|arrow)\.ts)|packages\/otel\/|protobufjs|hyparquet-compressors|flechette/;
    expect([...parquet, ...csv].filter((i) => READERS.test(i))).toEqual([]);
  }, 30_000);
});

describe("webpack", () => {
  it("bundles the built /hub entry for the web with no configuration, reaching the Hub library's browser build", async () => {
    const compiler = webpack({
      mode: "production",
      target: "web",
      devtool: false,
      performance: false,
      // Resolving and linking is what is checked; minifying 300 KB would only make the test slow.
      optimization: { minimize: false },
      entry: entry("../dist/hub.js"),
      output: { path: mkdtempSync(join(tmpdir(), "whileai-webpack-")), filename: "hub.js", library: { type: "module" } },
      experiments: { outputModule: true },
    });
    const stats = await new Promise<webpack.Stats>((done, fail) => compiler.run((error, result) => (error ? fail(error) : done(result!))));
    await new Promise<void>((done) => compiler.close(() => done()));
    const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
    expect((errors ?? []).map((e) => e.message)).toEqual([]);
    expect((warnings ?? []).map((w) => w.message)).toEqual([]);
    const files = [...stats.compilation.fileDependencies];
    expect(files.some((f) => VENDORED_HUB.test(f))).toBe(true);
    expect(files.filter((f) => HUB_NODE_BUILD.test(f))).toEqual([]);
  }, 60_000);
});
