// Loading every entry of the installed packages the two ways Node offers: ESM `import` and
// CommonJS `require()` (which loads an ES module on Node 20.19+ and 22.12+, the `default`
// export condition serving it). Each probe runs in its own process with the Node under test and
// prints, per entry, the names it exports or the error it threw. `require()` of an ES module
// fails on a top-level await (ERR_REQUIRE_ASYNC_MODULE), so this also proves there is none.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const PROBE = (load) => `
const out = {};
for (const spec of JSON.parse(process.argv[2])) {
  try {
    out[spec] = { names: Object.keys(${load}).filter((name) => name !== "__esModule" && name !== "module.exports").sort() };
  } catch (error) {
    out[spec] = { error: \`\${error.code ?? error.name}: \${String(error.message).split("\\n")[0]}\` };
  }
}
process.stdout.write(JSON.stringify(out));
`;

/** Writes the two probes into `projectDir`. */
export function writeLoadProbes(projectDir) {
  writeFileSync(join(projectDir, "probe-import.mjs"), PROBE("await import(spec)"));
  writeFileSync(join(projectDir, "probe-require.cjs"), PROBE("require(spec)"));
}

/** Runs both probes under `node`; returns `{ import, require }`, each entry's names or error. */
export function loadEntries(node, projectDir, specs) {
  const results = {};
  for (const [way, file] of [["import", "probe-import.mjs"], ["require", "probe-require.cjs"]]) {
    const run = spawnSync(node, [file, JSON.stringify(specs)], { cwd: projectDir, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(`${way} probe exited with ${run.status ?? run.signal}: ${run.stderr.trim()}`);
    results[way] = JSON.parse(run.stdout);
  }
  return results;
}
