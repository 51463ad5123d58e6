// `npm run check:packages`: each publishable package as a user gets it. The packages are packed
// with the pinned pnpm and installed from their tarballs, with one `npm install`, into a fresh npm
// project outside the workspace (in the OS temp directory), which then serves every check:
//
//   tarballs     LICENSE, README and package.json in each; no `workspace:` range left
//   types deps   no .d.ts imports a package its manifest does not depend on (an optional peer)
//                or, in an entry meant for browsers too, Node's types
//   node N       ESM import and CommonJS require() of every entry, on Node 20, 22 and 24; `wai --version`
//   tsc          TypeScript 5.9 over every README example under node16, nodenext and bundler
//                (module esnext and preserve) resolution, with and without skipLibCheck, a .cts
//                file requiring every entry, and a browser project without @types/node
//   bundles      esbuild and Vite browser bundles of every browser entry, with their sizes
//   publint      `publint --strict` of each tarball
//   attw         `@arethetypeswrong/cli` of each tarball
//
// Every check runs even when one before it failed, and the summary lists every failure; the exit
// code is 1 when any failed. `--keep` leaves the project in place and prints where it is.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { browserEntries, bundleCases, markdownTable, measureBundles, NODE_ONLY_PACKAGES } from "./bundle-sizes.mjs";
import { declarationImportProblems, packageOf } from "./package-check/declaration-imports.mjs";
import { loadEntries, writeLoadProbes } from "./package-check/load-probes.mjs";
import { importedSpecifiers, readmeExamples } from "./package-check/readme-examples.mjs";
import { readmePlaceOf, writeTypeScriptPrograms } from "./package-check/typescript-programs.mjs";
import { packPackages, publishablePackages } from "./pack-packages.mjs";
import { ROOT, ensureNode, ensureWorkspace } from "./setup.mjs";

const NODE_MAJORS = [20, 22, 24];
const TSC = join(ROOT, "node_modules", "typescript-5", "bin", "tsc");
const bin = (name) => join(ROOT, "node_modules", ".bin", name);

const started = Date.now();
const failures = [];
const skipped = [];
const timings = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function fail(check, detail) {
  failures.push(`${check}: ${detail}`);
  console.log(`  FAIL ${detail}`);
}

/** Runs `body` as one titled check; an exception is that check's failure, not the run's end. */
async function check(title, body) {
  const t0 = Date.now();
  console.log(`\n== ${title}`);
  try {
    await body();
  } catch (error) {
    fail(title, error.stack ?? String(error));
  }
  timings.push([title, Date.now() - t0]);
}

/** A check that needs the installed project, when the install failed (already a failure). */
function notRun() {
  console.log("  not run: the install failed");
}

/** A child process with its output gathered; never rejects. */
function exec(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("error", (error) => resolve({ status: -1, out: `${out}${error.message}` }));
    const t0 = Date.now();
    child.on("close", (status, signal) => resolve({ status: status ?? signal, out, ms: Date.now() - t0 }));
  });
}

/** `tasks` run `limit` at a time (CI has two cores), results in order. */
async function inParallel(tasks, limit = 2) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** The version of `name` the workspace installed, for the root or any package of it. */
function workspaceVersion(name) {
  for (const dir of [ROOT, ...packages.map((pkg) => pkg.dir)]) {
    try {
      return createRequire(join(dir, "package.json"))(`${name}/package.json`).version;
    } catch {
      // not a dependency of this one
    }
  }
  throw new Error(`a README example imports ${name}, which no package of the workspace installs`);
}

const env = ensureWorkspace();
const packages = publishablePackages(env);
const names = packages.map((pkg) => pkg.name);
const work = mkdtempSync(join(tmpdir(), "whileai-package-check-"));
const project = join(work, "project");
let tarballs = new Map();
/** Every import specifier of every package: `@whileai/x`, `@whileai/x/node`, ... */
const entries = [];
let examples = [];

await check(`pack ${packages.length} packages with the pinned pnpm`, async () => {
  tarballs = packPackages(packages, join(work, "tarballs"), env);
  for (const [name, tarball] of tarballs) {
    const listed = await exec("tar", ["-tzf", tarball]);
    const files = new Set(listed.out.split("\n").filter(Boolean).map((line) => line.replace(/^package\//, "")));
    const missing = ["LICENSE", "README.md", "package.json"].filter((file) => !files.has(file));
    const manifest = (await exec("tar", ["-xzOf", tarball, "package/package.json"])).out;
    const workspaceRanges = manifest.match(/"workspace:[^"]*"/g) ?? [];
    if (missing.length > 0) fail("tarballs", `${name}: the tarball has no ${missing.join(", ")}`);
    else if (workspaceRanges.length > 0) fail("tarballs", `${name}: the packed package.json still has ${workspaceRanges.join(", ")}`);
    else console.log(`  ok   ${name}: ${files.size} files, LICENSE and README included`);
  }
});

await check("install the tarballs into a fresh npm project", async () => {
  examples = readmeExamples([join(ROOT, "README.md"), ...packages.map((pkg) => join(pkg.dir, "README.md"))], ROOT);
  // Packages the examples import that are not ours (the OpenTelemetry SDK a user brings), and
  // Node's types, at the versions the workspace uses.
  const extra = new Set(["@types/node"]);
  for (const example of examples) {
    for (const spec of importedSpecifiers(example.code)) if (!spec.startsWith("node:") && !spec.startsWith("@whileai/")) extra.add(packageOf(spec));
  }
  const versions = [...extra].map((name) => `${name}@${workspaceVersion(name)}`);
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "whileai-package-check", private: true, type: "module" }, null, 2)}\n`);
  // --ignore-scripts: better-sqlite3's install script downloads or compiles its addon (minutes);
  // nothing here opens a database, and better-sqlite3 loads the addon only on `new Database()`.
  const args = ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error", ...tarballs.values(), ...versions];
  const npmInstall = await exec("npm", args, { cwd: project, env });
  if (npmInstall.status !== 0) throw new Error(`npm install failed:\n${npmInstall.out}`);
  console.log(`  ok   ${tarballs.size} tarballs and ${versions.join(", ")} installed in ${project}`);
  for (const name of names) {
    const manifest = JSON.parse(readFileSync(join(project, "node_modules", name, "package.json"), "utf8"));
    for (const subpath of Object.keys(manifest.exports ?? {})) if (subpath !== "./package.json") entries.push(subpath === "." ? name : `${name}${subpath.slice(1)}`);
  }
});
const installed = entries.length > 0;

await check("type declarations import only what the packages depend on", async () => {
  if (!installed) return notRun();
  for (const name of names) {
    const problems = declarationImportProblems(join(project, "node_modules", name), { nodeOnly: NODE_ONLY_PACKAGES.has(name) });
    for (const problem of problems) fail("types deps", problem);
    if (problems.length === 0) console.log(`  ok   ${name}`);
  }
});

for (const major of NODE_MAJORS) {
  await check(`Node ${major}: import and require() of every entry`, async () => {
    if (!installed) return notRun();
    let node = process.execPath;
    if (Number(process.versions.node.split(".")[0]) !== major) {
      try {
        node = join(ensureNode(major, env), "bin", "node");
      } catch (error) {
        const why = `Node ${major} could not be obtained (${error.message}): its import/require check did NOT run`;
        skipped.push(why);
        console.log(`  SKIPPED ${why}`);
        return;
      }
    }
    const version = (await exec(node, ["--version"])).out.trim();
    console.log(`  ${node} is ${version}`);
    writeLoadProbes(project);
    const loaded = loadEntries(node, project, entries);
    for (const spec of entries) {
      const [esm, cjs] = [loaded.import[spec], loaded.require[spec]];
      if (esm.error) fail(`Node ${version}`, `import("${spec}"): ${esm.error}`);
      else if (cjs.error) fail(`Node ${version}`, `require("${spec}"): ${cjs.error}`);
      else if (esm.names.join() !== cjs.names.join()) fail(`Node ${version}`, `require("${spec}") and import("${spec}") give different names`);
      else console.log(`  ok   ${spec}: ${esm.names.length} names by import and by require()`);
    }
    for (const pkg of packages.filter((p) => p.manifest.bin)) {
      for (const [command, file] of Object.entries(pkg.manifest.bin)) {
        const ran = await exec(node, [join(project, "node_modules", pkg.name, file), "--version"], { cwd: project });
        if (ran.status === 0 && ran.out.trim() === pkg.version) console.log(`  ok   ${command} --version: ${pkg.version}`);
        else fail(`Node ${version}`, `${command} --version exited ${ran.status}: ${ran.out.trim()}`);
      }
    }
  });
}

await check("TypeScript 5.9: README examples, require() from CommonJS, browser entries", async () => {
  if (!installed) return notRun();
  const browser = browserEntries(names, project);
  const programs = writeTypeScriptPrograms(project, { examples, entries, browserEntries: browser });
  const version = (await exec(process.execPath, [TSC, "--version"])).out.trim();
  console.log(`  ${version}; ${examples.length} README examples (${examples.filter((e) => e.node).length} of them Node programs), ${entries.length} entries, ${browser.length} browser entries`);
  const results = await inParallel(programs.map(({ config }) => () => exec(process.execPath, [TSC, "-p", config, "--pretty", "false"], { cwd: project })));
  programs.forEach(({ name }, i) => {
    const { status, out, ms } = results[i];
    if (status === 0) console.log(`  ok   ${name} (${seconds(ms)})`);
    else fail("tsc", `${name} (${seconds(ms)}):\n${readmePlaceOf(out.trim(), examples).replace(/^/gm, "      ")}`);
  });
});

let sizes = null;
await check("browser bundles: esbuild and Vite, every browser entry", async () => {
  if (!installed) return notRun();
  const rows = await measureBundles(bundleCases(browserEntries(names, project)), project);
  for (const { label, esbuild, vite } of rows) {
    for (const [tool, size] of [["esbuild", esbuild], ["Vite", vite]]) {
      if ("error" in size) fail("bundles", `${label} does not bundle for the browser with ${tool}: ${size.error}`);
      else console.log(`  ok   ${label} with ${tool}: ${(size.gzip / 1024).toFixed(1)} KB gzipped`);
    }
  }
  sizes = markdownTable(rows);
});

await check("publint --strict", async () => {
  const results = await inParallel([...tarballs].map(([, tarball]) => () => exec(bin("publint"), ["run", tarball, "--strict"], { cwd: work })));
  [...tarballs.keys()].forEach((name, i) => {
    const { status, out } = results[i];
    // publint colours its output when CI or FORCE_COLOR is set, so its lines are read without
    // escape codes. --strict makes a warning an error (exit 1); a suggestion still exits 0, so
    // any line past publint's own progress is a failure too.
    const messages = stripVTControlCharacters(out)
      .split("\n")
      .filter((line) => !/^(Running publint|Unpacking tarball|Linting|All good)/.test(line.trim()) && line.trim());
    if (status === 0 && messages.length === 0) console.log(`  ok   ${name}`);
    else fail("publint", `${name}:\n${out.trim().replace(/^/gm, "      ")}`);
  });
});

await check("@arethetypeswrong/cli", async () => {
  // `cjs-resolves-to-esm` is expected and ignored: ATTW does not model Node's require(esm)
  // (arethetypeswrong/arethetypeswrong.github.io#252), while the Node checks above require()
  // every entry. The node16 profile leaves out `node10` resolution, which predates the `exports`
  // field and so finds no subpath entry of any package.
  const args = (tarball) => [tarball, "--profile", "node16", "--ignore-rules", "cjs-resolves-to-esm", "--format", "table-flipped", "--no-color", "--no-emoji"];
  const results = await inParallel([...tarballs].map(([, tarball]) => () => exec(bin("attw"), args(tarball), { cwd: work })));
  [...tarballs.keys()].forEach((name, i) => {
    const { status, out } = results[i];
    if (status === 0) console.log(`  ok   ${name}`);
    else fail("attw", `${name}:\n${out.trim().replace(/^/gm, "      ")}`);
  });
});

if (sizes) console.log(`\n== bundle sizes (the installed tarballs; the README's table is \`npm run bundle-sizes\`)\n\n${sizes}`);
console.log("\n== time");
for (const [title, ms] of timings) console.log(`  ${seconds(ms).padStart(8)}  ${title}`);
console.log(`  ${seconds(Date.now() - started).padStart(8)}  total`);
if (process.argv.includes("--keep")) console.log(`\nthe project stays in ${project}`);
else rmSync(work, { recursive: true, force: true });
for (const why of skipped) console.log(`\ncheck-packages: SKIPPED ${why}`);
if (failures.length > 0) {
  console.log(`\ncheck-packages: ${failures.length} failed:`);
  for (const failure of failures) console.log(`  - ${failure.split("\n")[0]}`);
  process.exit(1);
}
console.log(`\ncheck-packages: every check passed (${seconds(Date.now() - started)})`);
