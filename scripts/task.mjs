// `npm start`, `npm test` and friends: make the checkout ready (scripts/setup.mjs), then run the
// task. Works from npm alone, so a fresh machine needs nothing but Node and npm.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ROOT, ensureWorkspace } from "./setup.mjs";

// Two cores: two turbo tasks at a time, each a vitest run with its own workers. A failing package
// does not cancel the others (--continue), so one run reports every failure.
const turbo = (task, { concurrency = 2, logs = "new-only" } = {}) => ["turbo", "run", task, `--concurrency=${concurrency}`, "--continue", `--output-logs=${logs}`];

/** Each task is a list of steps; a `quiet` step prints its output only when it fails. */
const TASKS = {
  setup: [],
  build: [{ argv: turbo("build", { logs: "errors-only" }) }],
  start: [{ argv: turbo("build", { logs: "errors-only" }), quiet: true }, { argv: ["node", join(ROOT, "scripts", "main-job.mjs")] }],
  test: [{ argv: turbo("test") }],
  // Scale tests (1 GiB files, 100,000-row round trips) run one at a time: they assert memory bounds.
  "test:scale": [{ argv: turbo("test:scale", { concurrency: 1 }) }],
};

const [name, ...extra] = process.argv.slice(2);
const steps = TASKS[name];
if (!steps) {
  console.error(`usage: node scripts/task.mjs <${Object.keys(TASKS).join("|")}> [arguments for the last step]`);
  process.exit(2);
}
let env;
try {
  env = ensureWorkspace();
} catch (error) {
  console.error(`setup: ${error.message}`);
  process.exit(1);
}
for (const [i, { argv, quiet }] of steps.entries()) {
  const [command, ...args] = i === steps.length - 1 ? [...argv, ...extra] : argv;
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: quiet ? "pipe" : "inherit", maxBuffer: 64 * 1024 * 1024 });
  if (result.error) {
    console.error(`${command}: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    if (quiet) process.stderr.write(Buffer.concat([result.stdout, result.stderr]));
    process.exit(result.status ?? 1);
  }
}
