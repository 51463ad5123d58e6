// Gzipped size of each core package's browser entry, as a web app would ship it: esbuild bundles
// the built main entry (dist/) for the browser, minified, with its dependencies; zlib level 9.
// The WebAssembly kernels sit inside @whileai/hash-embed's JS as base64 strings; they are
// measured apart (as .wasm bytes) and blanked out of the JS figures. `--markdown` prints the
// README table. Run after `pnpm build` (it reads dist/).
import { build } from "esbuild";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const APP = fileURLToPath(new URL("..", import.meta.url));
const KERNEL_BYTES = /kernel-bytes\.generated\.js$/;

/** Replaces the base64 kernels with empty strings, keeping the export names. */
const withoutWasm = {
  name: "without-wasm",
  setup(b) {
    b.onLoad({ filter: KERNEL_BYTES }, (args) => {
      const names = [...readFileSync(args.path, "utf8").matchAll(/export const (\w+) =/g)].map((m) => m[1]);
      return { contents: names.map((n) => `export const ${n} = "";`).join("\n"), loader: "js" };
    });
  },
};

async function measure(contents, { external = [] } = {}) {
  const result = await build({
    stdin: { contents, resolveDir: APP, loader: "js" },
    bundle: true,
    minify: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    write: false,
    metafile: true,
    external,
    plugins: [withoutWasm],
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  const zodBytes = Object.entries(Object.values(result.metafile.outputs)[0].inputs)
    .filter(([path]) => /node_modules\/(\.pnpm\/zod@[^/]+\/node_modules\/)?zod\//.test(path))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length, zodShare: zodBytes / code.length };
}

async function wasmSizes() {
  const url = new URL("../node_modules/@whileai/hash-embed/dist/scan/kernel-bytes.generated.js", import.meta.url);
  const kernels = await import(url.href);
  return Object.entries(kernels).map(([name, base64]) => {
    const bytes = Buffer.from(base64, "base64");
    return { name, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}

function appSizes() {
  const dir = new URL("../dist/assets/", import.meta.url);
  let files;
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".js"));
  } catch {
    return null;
  }
  return files.map((f) => {
    const code = readFileSync(new URL(f, dir));
    return { name: f.replace(/-[\w-]{8}\.js$/, ".js"), min: code.length, gzip: gzipSync(code, { level: 9 }).length };
  });
}

const ENTRIES = [
  ["@whileai/traces", 'export * from "@whileai/traces";'],
  ["@whileai/hash-embed", 'export * from "@whileai/hash-embed";'],
  ["@whileai/traces + @whileai/hash-embed", 'export * from "@whileai/traces"; export * from "@whileai/hash-embed";'],
  ["@whileai/otel", 'export * from "@whileai/otel";'],
  ["all three", 'export * from "@whileai/traces"; export * from "@whileai/hash-embed"; export * from "@whileai/otel";'],
  // The front door imports @whileai/otel only when a file is OpenTelemetry; esbuild inlines that import here.
  ["@whileai/ingest", 'export * from "@whileai/ingest";'],
];

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = [];
for (const [name, contents] of ENTRIES) {
  const full = await measure(contents);
  const noZod = await measure(contents, { external: ["zod", "zod/*"] });
  rows.push({ name, ...full, gzipWithoutZod: noZod.gzip });
}
const wasm = await wasmSizes();
const app = appSizes();

if (process.argv.includes("--markdown")) {
  console.log("| browser entry (dist/, esbuild --minify) | minified | gzipped | zod's share of the minified JS | gzipped without zod |");
  console.log("|---|---:|---:|---:|---:|");
  for (const r of rows) console.log(`| \`${r.name}\` | ${kb(r.min)} | **${kb(r.gzip)}** | ${(100 * r.zodShare).toFixed(0)}% | ${kb(r.gzipWithoutZod)} |`);
  console.log("");
  console.log("| WebAssembly kernel (inside `@whileai/hash-embed`'s JS as base64, measured apart) | bytes | gzipped |");
  console.log("|---|---:|---:|");
  for (const w of wasm) console.log(`| \`${w.name}\` | ${w.bytes.toLocaleString("en-US")} B | ${w.gzip.toLocaleString("en-US")} B |`);
  if (app !== null) {
    console.log("");
    console.log("| the explorer's own build (apps/web/dist/assets, Vite) | minified | gzipped |");
    console.log("|---|---:|---:|");
    for (const a of app) console.log(`| \`${a.name}\` | ${kb(a.min)} | ${kb(a.gzip)} |`);
  }
} else {
  console.table(rows.map((r) => ({ entry: r.name, minified: kb(r.min), gzipped: kb(r.gzip), "zod share": `${(100 * r.zodShare).toFixed(0)}%`, "gzipped without zod": kb(r.gzipWithoutZod) })));
  console.table(wasm);
  if (app !== null) console.table(app.map((a) => ({ file: a.name, minified: kb(a.min), gzipped: kb(a.gzip) })));
}
