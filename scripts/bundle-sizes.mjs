// `npm run bundle-sizes [-- --write-readme]`: every browser entry of the publishable
// packages bundled for the browser as a web app would ship it, once with esbuild
// (`--bundle --platform=browser --minify`) and once with Vite (library mode, minified): bytes
// minified and gzipped (zlib level 9). An entry's whole surface is measured (`export *`), plus the
// single calls named in EXTRA, since a bundler keeps only what is imported. `/node` entries and
// the Node-only packages are not browser code and are left out. `--write-readme` replaces the
// table between the bundle-sizes markers of README.md. scripts/check-packages.mjs measures the
// installed tarballs with the same functions.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build as esbuild } from "esbuild";
import { build as viteBuild } from "vite";

/** Packages that run only in Node: the local platform server (SQLite, files) and the command line. */
export const NODE_ONLY_PACKAGES = new Set(["@whileai/platform-server", "@whileai/cli"]);

/** Single imports worth a line of their own: the platform client's reach when one call is used. */
const EXTRA = [["`datasets` of @whileai/platform", 'export { datasets } from "@whileai/platform";']];

const README_START = "<!-- bundle-sizes:start (npm run bundle-sizes -- --write-readme) -->";
const README_END = "<!-- bundle-sizes:end -->";

const isNodeEntry = (subpath) => subpath === "./node" || subpath.endsWith("/node");

/** The browser entries (`@whileai/x`, `@whileai/x/hub`, ...) of the packages named, read from their installed manifests under `projectDir`. */
export function browserEntries(names, projectDir) {
  const specs = [];
  for (const name of names) {
    if (NODE_ONLY_PACKAGES.has(name)) continue;
    const manifest = JSON.parse(readFileSync(join(projectDir, "node_modules", name, "package.json"), "utf8"));
    for (const subpath of Object.keys(manifest.exports ?? {})) {
      if (subpath === "./package.json" || isNodeEntry(subpath)) continue;
      specs.push(subpath === "." ? name : `${name}${subpath.slice(1)}`);
    }
  }
  return specs;
}

/** What to measure: every browser entry whole, then the EXTRA single imports. */
export function bundleCases(specs) {
  return [...specs.map((spec) => [spec, `export * from "${spec}";`]), ...EXTRA.filter(([, code]) => specs.some((spec) => code.includes(`"${spec}"`)))];
}

const sizeOf = (code) => ({ min: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length });

async function withEsbuild(file) {
  const result = await esbuild({ entryPoints: [file], bundle: true, platform: "browser", format: "esm", minify: true, write: false, logLevel: "silent" });
  return sizeOf(result.outputFiles[0].contents);
}

/** Vite library build; a Node built-in swapped for Vite's empty browser stub is a failure, not a size. */
async function withVite(file, root) {
  const warnings = [];
  const logger = { info() {}, warn: (m) => warnings.push(m), warnOnce: (m) => warnings.push(m), error: (m) => warnings.push(m), clearScreen() {}, hasErrorLogged: () => false, hasWarned: false };
  const output = await viteBuild({
    root,
    configFile: false,
    customLogger: logger,
    logLevel: "warn",
    build: { lib: { entry: file, formats: ["es"], fileName: "entry" }, write: false, minify: "oxc", reportCompressedSize: false, copyPublicDir: false },
  });
  const externalized = warnings.filter((m) => /externalized for browser compatibility/.test(m));
  if (externalized.length > 0) throw new Error(externalized.join("\n"));
  const chunks = [output].flat().flatMap((o) => o.output).filter((chunk) => chunk.type === "chunk");
  const entry = chunks.find((chunk) => chunk.isEntry);
  const all = chunks.map((chunk) => sizeOf(chunk.code));
  return { ...sizeOf(entry.code), chunks: chunks.length, allGzip: all.reduce((sum, s) => sum + s.gzip, 0), allMin: all.reduce((sum, s) => sum + s.min, 0) };
}

const failure = (error) => ({ error: String(error?.errors?.[0]?.text ?? error?.message ?? error).split("\n").slice(0, 3).join(" ") });

/**
 * Bundles each case with both tools, resolving packages from `projectDir`'s node_modules; a case
 * that does not bundle gets `{ error }` instead of sizes.
 */
export async function measureBundles(cases, projectDir) {
  const dir = mkdtempSync(join(tmpdir(), "whileai-bundle-"));
  try {
    symlinkSync(join(projectDir, "node_modules"), join(dir, "node_modules"), "dir");
    const rows = [];
    for (const [i, [label, code]] of cases.entries()) {
      const file = join(dir, `entry-${i}.js`);
      writeFileSync(file, `${code}\n`);
      const esbuildSize = await withEsbuild(file).catch(failure);
      const viteSize = await withVite(file, dir).catch(failure);
      rows.push({ label, esbuild: esbuildSize, vite: viteSize });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function markdownTable(rows) {
  const cell = (size, pick) => ("error" in size ? "fails" : pick(size));
  const lines = [
    "| browser entry | esbuild, minified | esbuild, gzipped | Vite, minified | Vite, gzipped |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const { label, esbuild: e, vite: v } of rows) {
    const name = label.includes("`") ? label : `\`${label}\``;
    const viteGzip = (s) => (s.chunks > 1 ? `**${kb(s.gzip)}** (${kb(s.allGzip)} in ${s.chunks} chunks)` : `**${kb(s.gzip)}**`);
    lines.push(`| ${name} | ${cell(e, (s) => kb(s.min))} | ${cell(e, (s) => `**${kb(s.gzip)}**`)} | ${cell(v, (s) => kb(s.min))} | ${cell(v, viteGzip)} |`);
  }
  const failed = rows.flatMap(({ label, esbuild: e, vite: v }) => [["esbuild", e], ["Vite", v]].filter(([, s]) => "error" in s).map(([tool, s]) => `- ${label} with ${tool}: ${s.error}`));
  return [...lines, ...(failed.length > 0 ? ["", "Entries that do not bundle:", ...failed] : [])].join("\n");
}

function replaceReadmeTable(readmePath, table) {
  const text = readFileSync(readmePath, "utf8");
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`${readmePath}: no "${README_START}" ... "${README_END}" markers to write the table between`);
  writeFileSync(readmePath, `${text.slice(0, start + README_START.length)}\n${table}\n${text.slice(end)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ROOT, ensureWorkspace } = await import("./setup.mjs");
  const { publishablePackages } = await import("./pack-packages.mjs");
  // The root's node_modules links every package of the workspace, built as dist/.
  const names = publishablePackages(ensureWorkspace()).map((pkg) => pkg.name);
  const rows = await measureBundles(bundleCases(browserEntries(names, ROOT)), ROOT);
  const table = markdownTable(rows);
  if (process.argv.includes("--write-readme")) {
    replaceReadmeTable(join(ROOT, "README.md"), table);
    console.log(`README.md: bundle sizes written\n\n${table}`);
  } else console.log(table);
  if (rows.some((row) => "error" in row.esbuild || "error" in row.vite)) process.exitCode = 1;
}
