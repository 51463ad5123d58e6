// `npm run test:node-versions -- 22 24`: every package's tests and the conformance replay again
// under other Node majors, after `npm test` has built the packages. Each Node comes from the npm
// registry's node-<platform>-<arch> package, headers included, into the tools cache; the local
// platform server's native addon (better-sqlite3) is compiled for it from those headers, kept per
// ABI in the same cache, and the running Node's own build is put back at the end.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join } from "node:path";
import { ROOT, TOOLS, ensureNode, ensureWorkspace, run, sqliteAddonLoads } from "./setup.mjs";

const majors = process.argv.slice(2).filter((a) => /^\d+$/.test(a));
if (majors.length === 0) {
  console.error("usage: node scripts/test-node-versions.mjs <major> [<major> ...]   (e.g. 22 24)");
  process.exit(2);
}

const sqliteDir = dirname(createRequire(join(ROOT, "apps", "platform-server", "package.json")).resolve("better-sqlite3/package.json"));
const addon = join(sqliteDir, "build", "Release", "better_sqlite3.node");
const { version: sqliteVersion } = createRequire(import.meta.url)(join(sqliteDir, "package.json"));
const cachedAddon = (abi) => join(TOOLS, "addons", `better-sqlite3-${sqliteVersion}-abi${abi}-${process.platform}-${process.arch}.node`);

/** Replace the installed addon with a copy (never write through it: pnpm's store may hard-link it). */
function installAddon(from) {
  rmSync(addon, { force: true });
  copyFileSync(from, addon);
}

function abiOf(nodeBin) {
  return spawnSync(nodeBin, ["-p", "process.versions.modules"], { encoding: "utf8" }).stdout.trim();
}

/** Make better-sqlite3 load under `nodeDir`'s Node: from the cache, or compiled and then cached. */
function ensureAddon(nodeDir, env) {
  const node = join(nodeDir, "bin", "node");
  const cached = cachedAddon(abiOf(node));
  if (existsSync(cached)) installAddon(cached);
  if (sqliteAddonLoads(env, node)) return;
  console.error(`node-versions: compiling better-sqlite3 ${sqliteVersion} for ${nodeDir}`);
  run("pnpm", ["rebuild", "better-sqlite3"], env);
  if (!sqliteAddonLoads(env, node)) throw new Error(`better-sqlite3 does not load under ${nodeDir} after a rebuild`);
  mkdirSync(dirname(cached), { recursive: true });
  copyFileSync(addon, cached);
}

const base = ensureWorkspace();
// Keep this Node's addon to put back at the end, so the checkout stays as `npm test` left it.
const own = cachedAddon(process.versions.modules);
mkdirSync(dirname(own), { recursive: true });
if (!existsSync(own)) copyFileSync(addon, own);

const failed = [];
try {
  for (const major of majors) {
    const nodeDir = ensureNode(major, base);
    const env = { ...base, PATH: [join(nodeDir, "bin"), base.PATH].join(delimiter), npm_config_nodedir: nodeDir };
    const version = spawnSync(join(nodeDir, "bin", "node"), ["--version"], { encoding: "utf8" }).stdout.trim();
    console.log(`\n== Node ${version}: every package's tests, then the conformance replay`);
    try {
      ensureAddon(nodeDir, env);
      // pnpm -r runs each package's own test script with this Node first on PATH; the packages were
      // built by `npm test`, and --no-bail reports every failing package.
      run("pnpm", ["-r", "--workspace-concurrency=2", "--no-bail", "run", "test"], env);
      run(join(nodeDir, "bin", "node"), [join(ROOT, "..", "shared", "conformance", "run.mjs")], env);
    } catch (error) {
      console.error(`node-versions: ${error.message}`);
      failed.push(version || `Node ${major}`);
    }
  }
} finally {
  installAddon(own);
}
if (failed.length > 0) {
  console.error(`node-versions: failed on ${failed.join(", ")}`);
  process.exit(1);
}
console.log(`\nnode-versions: passed on Node ${majors.join(", ")}`);
