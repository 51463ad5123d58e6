/**
 * Bundles the repository's example traces (examples/) with the app, so "load example" works on
 * a static host with no server behind it: each file is emitted as-is under `examples/`, and the
 * virtual module `virtual:examples` lists them (path relative to the page, size in bytes).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Plugin } from "vite";

const VIRTUAL_ID = "virtual:examples";
const RESOLVED_ID = "\0virtual:examples";
/** Trace files only: the generator, its READMEs and scripts are not traces. Tables (Parquet, CSV/TSV, Arrow) are. */
export const TRACE_FILE = /\.(jsonl|json|pb|gz|parquet|csv|tsv|arrow|feather|arrows)$/;

export interface ExampleFile {
  /** Path inside examples/, with forward slashes: `otel/genai.otlp.pb`. */
  name: string;
  bytes: number;
}

function listExamples(dir: string): ExampleFile[] {
  const out: ExampleFile[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(at, entry.name);
      if (entry.isDirectory() && entry.name !== "generator") walk(path);
      else if (entry.isFile() && TRACE_FILE.test(entry.name)) out.push({ name: relative(dir, path).split(sep).join("/"), bytes: statSync(path).size });
    }
  };
  walk(dir);
  return out;
}

export function examplesPlugin(dir: string): Plugin {
  let files: ExampleFile[] = [];
  return {
    name: "whileai-examples",
    buildStart() {
      files = listExamples(dir);
      if (files.length === 0) this.error(`no example trace files found in ${dir}`);
      for (const file of files) this.addWatchFile(join(dir, file.name));
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      return `export const EXAMPLES = ${JSON.stringify(files)};\n`;
    },
    generateBundle() {
      for (const file of files) this.emitFile({ type: "asset", fileName: `examples/${file.name}`, source: readFileSync(join(dir, file.name)) });
    },
    configureServer(server) {
      // `vite dev` serves the same paths the build emits.
      server.middlewares.use((req, res, next) => {
        const url = decodeURIComponent((req.url ?? "").split("?")[0]);
        const name = url.startsWith("/examples/") ? url.slice("/examples/".length) : null;
        const file = name === null ? undefined : files.find((f) => f.name === name);
        if (file === undefined) return next();
        res.setHeader("Content-Type", "application/octet-stream");
        res.end(readFileSync(join(dir, file.name)));
      });
    },
  };
}
