// Writes dist/vendor/huggingface-hub/: the browser build of the installed @huggingface/hub, cut to
// the functions this package calls, which the `#huggingface-hub` import resolves to under the
// `browser` condition (package.json "imports"). @huggingface/hub points browsers at that build
// only through its legacy `browser` field, which webpack and Vite apply to an `exports` target but
// esbuild, by design, does not; with no `browser` condition in its exports, plain esbuild bundles
// the Node build and fails on `fs` and `os`. Elsewhere `#huggingface-hub` is @huggingface/hub itself.
import { build } from "esbuild";
import { copyFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = join(root, "dist", "vendor", "huggingface-hub");
// Every name src/ imports from "#huggingface-hub" (hub-connection, hub-read, hub-push).
const NAMES = ["createRepo", "downloadFile", "HubApiError", "listFiles", "uploadFile", "whoAmI"];

/** The package directory of @huggingface/hub as this package resolves it (its package.json is not exported). */
function hubPackageDir() {
  let dir = dirname(createRequire(join(root, "package.json")).resolve("@huggingface/hub"));
  while (!existsSync(join(dir, "package.json"))) dir = dirname(dir);
  return dir;
}

const dir = hubPackageDir();
const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
// Its own mapping of the ESM entry to the browser build, rather than a path written here.
const browserEntry = manifest.browser?.[manifest.exports["."].import];
if (typeof browserEntry !== "string") throw new Error(`@huggingface/hub ${manifest.version}: no browser build mapped for ${manifest.exports["."].import}`);
rmSync(outdir, { recursive: true, force: true });
await build({
  stdin: { contents: `export { ${NAMES.join(", ")} } from ${JSON.stringify(join(dir, browserEntry))};`, resolveDir: dir, loader: "js" },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: "esnext",
  outdir,
  entryNames: "index",
  // Its own syntax as shipped (no lowering), so an app's bundler sees the code it would have seen.
  banner: { js: `// @huggingface/hub ${manifest.version}, its browser build; MIT licensed, see LICENSE here.` },
  logLevel: "warning",
});
copyFileSync(join(dir, "LICENSE"), join(outdir, "LICENSE"));
