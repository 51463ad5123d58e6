// `npm run pack:packages -- <dir> [@whileai/<name> ...]`: every publishable package of the
// workspace packed with the pinned pnpm into <dir> (`pnpm pack` writes each `workspace:*`
// dependency as the version it points at), then the `npm install` line that installs the named
// packages with the @whileai packages they depend on. Until the packages are on npm, this is how
// a project outside the repository installs them. Run after a build: it packs dist/ as it is.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, ensureWorkspace } from "./setup.mjs";

/** The workspace's packages that are not `private`, with their manifests, sorted by name. */
export function publishablePackages(env) {
  const listed = spawnSync("pnpm", ["ls", "-r", "--depth", "-1", "--json"], { cwd: ROOT, env, encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`pnpm ls -r failed: ${listed.stderr}`);
  return JSON.parse(listed.stdout)
    .filter((entry) => !entry.private)
    .map((entry) => ({ name: entry.name, version: entry.version, dir: entry.path, manifest: JSON.parse(readFileSync(join(entry.path, "package.json"), "utf8")) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Packs each package into `dest`; returns the tarball path of each package name. */
export function packPackages(packages, dest, env) {
  mkdirSync(dest, { recursive: true });
  const tarballs = new Map();
  for (const pkg of packages) {
    const tarball = join(dest, `${pkg.name.replace(/^@/, "").replace("/", "-")}-${pkg.version}.tgz`);
    rmSync(tarball, { force: true });
    const packed = spawnSync("pnpm", ["pack", "--pack-destination", dest], { cwd: pkg.dir, env, encoding: "utf8" });
    if (packed.status !== 0) throw new Error(`pnpm pack of ${pkg.name} failed:\n${packed.stdout}${packed.stderr}`);
    if (!existsSync(tarball)) throw new Error(`pnpm pack of ${pkg.name} did not write ${tarball}`);
    tarballs.set(pkg.name, tarball);
  }
  return tarballs;
}

/** `names` and every workspace package they depend on, directly or not. */
export function withWorkspaceDependencies(names, packages) {
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  const out = new Set();
  const visit = (name) => {
    const pkg = byName.get(name);
    if (!pkg) throw new Error(`${name} is not a publishable package of this workspace (${[...byName.keys()].join(", ")})`);
    if (out.has(name)) return;
    out.add(name);
    for (const dep of Object.keys(pkg.manifest.dependencies ?? {})) if (byName.has(dep)) visit(dep);
  };
  names.forEach(visit);
  return [...out];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir, ...names] = process.argv.slice(2);
  if (!dir) {
    console.error("usage: npm run pack:packages -- <dir> [@whileai/<name> ...]");
    process.exit(2);
  }
  const env = ensureWorkspace();
  const packages = publishablePackages(env);
  const dest = resolve(dir);
  const tarballs = packPackages(packages, dest, env);
  console.log(`packed ${packages.length} packages into ${dest}:`);
  for (const pkg of packages) console.log(`  ${pkg.name}@${pkg.version}`);
  if (names.length > 0) {
    const wanted = withWorkspaceDependencies(names, packages);
    console.log(`\ninstall ${names.join(", ")} in your project with:\n  npm install ${wanted.map((name) => tarballs.get(name)).join(" ")}`);
  }
}
