// Runs CI as CI does, several times: each run in a fresh clone of this checkout's HEAD in a new
// temporary folder, with ../shared beside it, as `CI=true bash .ci/run`. With --load, two other
// processes keep both cores busy for the whole time, so a test that passes only on a quiet machine
// shows up here rather than in CI.
//
//   node scripts/ci-repeat.mjs --runs 5
//   node scripts/ci-repeat.mjs --runs 3 --load
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "./setup.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "1" }, load: { type: "boolean", default: false }, keep: { type: "boolean", default: false } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number of at least 1, got ${JSON.stringify(values.runs)}`);
  process.exit(2);
}
const shared = join(ROOT, "..", "shared");
if (!existsSync(shared)) {
  console.error(`${shared} is missing: CI runs with shared/ beside the checkout`);
  process.exit(1);
}

// One busy loop per core, each its own process, as "two other processes keep both cores busy".
const burners = values.load ? cpus().map(() => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" })) : [];
const stopBurners = () => {
  for (const burner of burners) burner.kill("SIGKILL");
};
process.on("exit", stopBurners);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => process.exit(130));

const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
const results = [];
for (let i = 1; i <= runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), "whileai-ci-"));
  const clone = join(dir, "main");
  spawnSync("git", ["clone", "--quiet", "--no-hardlinks", ROOT, clone], { stdio: "inherit" });
  cpSync(shared, join(dir, "shared"), { recursive: true });
  console.log(`\n== run ${i}/${runs} of .ci/run at ${head}${values.load ? `, ${burners.length} busy loops` : ""}: ${clone}`);
  const started = performance.now();
  const { status } = spawnSync("bash", [".ci/run"], { cwd: clone, stdio: "inherit", env: { ...process.env, CI: "true" } });
  const seconds = (performance.now() - started) / 1000;
  results.push({ run: i, passed: status === 0, seconds });
  console.log(`== run ${i}: ${status === 0 ? "passed" : `FAILED (exit ${status})`} in ${seconds.toFixed(0)} s`);
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
stopBurners();
console.log(`\nci-repeat at ${head}${values.load ? " under load" : ""}:`);
for (const r of results) console.log(`  run ${r.run}: ${r.passed ? "passed" : "FAILED"} in ${r.seconds.toFixed(0)} s`);
const failures = results.filter((r) => !r.passed).length;
console.log(`${runs - failures} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
