/**
 * The built page (dist/) as a browser meets it: what index.html makes it fetch before the page
 * runs (the first load), and which packages each chunk holds (from its source map), so a test can
 * tell a reader's chunk from the app's.
 */
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { DIST } from "./browser.js";

export interface BuiltChunk {
  /** Path under dist/, `assets/hyparquet-<hash>.js`. */
  file: string;
  bytes: number;
  /** zlib level 9, as scripts/sizes.mjs measures. */
  gzip: number;
  /** npm packages (`hyparquet`, `@uwdata/flechette`), workspace packages (`@whileai/ingest`), `app` for src/ and `vite` for its shims. */
  packages: string[];
  /** Chunks this one imports statically (`import … from "./x.js"`): fetched with it. */
  imports: string[];
  /** Chunks it imports with `import()`: fetched only when that code runs. */
  dynamicImports: string[];
  /** Worker scripts it starts (`new Worker(new URL("x.js", import.meta.url))`). */
  workers: string[];
}

/** The worker the page starts as it opens (the trace reader, app.tsx): part of the first load. */
const STARTED_AT_ONCE = /^assets\/load\.worker-/;

const gzip = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

/** The package a source-map source comes from. */
function packageOfSource(source: string): string {
  const at = source.lastIndexOf("node_modules/");
  if (at >= 0) {
    const parts = source.slice(at + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const workspace = /(?:^|\/)packages\/([^/]+)\//.exec(source);
  if (workspace) return `@whileai/${workspace[1]}`;
  // Vite's stand-in for a Node built-in a dependency names (protobufjs feature-tests a few).
  if (/(?:^|\/)__vite-browser-external/.test(source)) return "vite";
  return /(?:^|\/)src\//.test(source) ? "app" : source;
}

/** Every JS chunk of the build, by its path under dist/. */
export function builtChunks(): Map<string, BuiltChunk> {
  const chunks = new Map<string, BuiltChunk>();
  for (const name of readdirSync(`${DIST}assets`).filter((f) => f.endsWith(".js"))) {
    const file = `assets/${name}`;
    const code = readFileSync(`${DIST}${file}`);
    const text = code.toString("utf8");
    let packages: string[] = [];
    try {
      const map = JSON.parse(readFileSync(`${DIST}${file}.map`, "utf8")) as { sources: string[] };
      packages = [...new Set(map.sources.map(packageOfSource))].sort();
    } catch {
      // The runtime helper chunk has no source map.
    }
    // Minified ESM: `import{a as b}from"./x.js"`, `export{…}from"./x.js"`, `import"./x.js"`; `import(`./x.js`)` (and Vite's preload list) is dynamic.
    const imports = [...text.matchAll(/\bfrom\s*["']\.\/([^"']+\.js)["']|\bimport\s*["']\.\/([^"']+\.js)["']/g)].map((m) => `assets/${m[1] ?? m[2]}`);
    const dynamicImports = [...text.matchAll(/[`"']\.\/([^`"'/]+\.js)[`"']/g)].map((m) => `assets/${m[1]}`).filter((f) => !imports.includes(f) && f !== file);
    const workers = [...text.matchAll(/new URL\(\s*[`"'](?:\.\/)?([^`"'/]+\.js)[`"']/g)].map((m) => `assets/${m[1]}`).filter((f) => f !== file);
    chunks.set(file, { file, bytes: code.length, gzip: gzip(code), packages, imports: [...new Set(imports)], dynamicImports: [...new Set(dynamicImports)], workers: [...new Set(workers)] });
  }
  return chunks;
}

export interface FirstLoad {
  /** index.html and every file it makes the browser fetch before the page runs, paths under dist/. */
  files: string[];
  /** Their gzipped sizes added up (HTML, CSS and JS). */
  gzip: number;
  /** The JS alone. */
  jsGzip: number;
}

/**
 * What opening the page fetches: the entry script, modulepreloads and stylesheets of index.html,
 * every chunk they import statically, and the trace reader the page starts at once with its own.
 */
export function firstLoad(chunks = builtChunks()): FirstLoad {
  const html = readFileSync(`${DIST}index.html`, "utf8");
  const referenced = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]);
  const files = new Set<string>(["index.html"]);
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = chunks.get(file);
    for (const next of chunk?.imports ?? []) visit(next);
    for (const worker of chunk?.workers ?? []) if (STARTED_AT_ONCE.test(worker)) visit(worker);
  };
  for (const file of referenced) visit(file);
  let total = 0;
  let js = 0;
  for (const file of files) {
    const size = gzip(readFileSync(`${DIST}${file}`));
    total += size;
    if (file.endsWith(".js")) js += size;
  }
  return { files: [...files], gzip: total, jsGzip: js };
}

/** The chunks holding code of `pkg`. */
export function chunksOf(pkg: string, chunks = builtChunks()): BuiltChunk[] {
  return [...chunks.values()].filter((c) => c.packages.includes(pkg));
}
