// Coding-agent sessions as neutral scenarios (same model as support.mjs): read, edit, run tests.
import { faultHit, injected } from "./faults.mjs";

const REPOS = {
  python: {
    test: (path) => `pytest ${path} -q`,
    suite: "pytest -q",
    manifest: "pyproject.toml",
    deps: [["pydantic", "2.9.2"], ["requests", "2.32.3"], ["sqlalchemy", "2.0.36"], ["httpx", "0.27.2"]],
    units: [
      { file: "src/billing/invoice.py", test: "tests/test_invoice.py", name: "test_invoice_rounding", fn: "round_total", error: "AssertionError: assert Decimal('10.01') == Decimal('10.00')" },
      { file: "src/utils/dates.py", test: "tests/test_dates.py", name: "test_parse_iso_week", fn: "parse_iso_week", error: "ValueError: week 53 is out of range for 2023" },
      { file: "src/api/routes.py", test: "tests/test_routes.py", name: "test_create_user_duplicate_email", fn: "create_user", error: "KeyError: 'email'" },
      { file: "src/ingest/csv_reader.py", test: "tests/test_csv_reader.py", name: "test_reads_utf8_bom", fn: "read_rows", error: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0" },
      { file: "src/billing/tax.py", test: "tests/test_tax.py", name: "test_vat_for_eu_b2b", fn: "vat_rate", error: "TypeError: unsupported operand type(s) for *: 'NoneType' and 'Decimal'" },
      { file: "src/auth/tokens.py", test: "tests/test_tokens.py", name: "test_expired_token_rejected", fn: "verify_token", error: "AssertionError: expected 401, got 200" },
    ],
  },
  typescript: {
    test: (path) => `pnpm vitest run ${path}`,
    suite: "pnpm test",
    manifest: "package.json",
    deps: [["zod", "3.23.8"], ["fastify", "5.1.0"], ["react", "18.3.1"], ["undici", "6.21.0"]],
    units: [
      { file: "src/server/session.ts", test: "test/session.test.ts", name: "session refresh keeps the user logged in", fn: "refreshSession", error: "TypeError: Cannot read properties of undefined (reading 'expiresAt')" },
      { file: "src/lib/retry.ts", test: "test/retry.test.ts", name: "retry gives up after maxAttempts", fn: "retryWithBackoff", error: "Error: Test timed out in 5000ms" },
      { file: "src/lib/money.ts", test: "test/money.test.ts", name: "formats negative amounts", fn: "formatMoney", error: "AssertionError: expected '-$-5.00' to be '-$5.00'" },
      { file: "src/cli/index.ts", test: "test/cli.test.ts", name: "prints usage on unknown flag", fn: "parseArgs", error: "RangeError: Maximum call stack size exceeded" },
      { file: "src/cart/discounts.ts", test: "test/discounts.test.ts", name: "stacks percentage and fixed coupons", fn: "applyCoupons", error: "AssertionError: expected 45 to be 40.5" },
      { file: "src/i18n/plural.ts", test: "test/plural.test.ts", name: "polish plural forms", fn: "pluralize", error: "AssertionError: expected 'plików' to be 'pliki'" },
    ],
  },
};

const FLAGS = [["dry-run", "prints what it would change without writing anything"], ["verbose", "logs every request"], ["since", "only processes records newer than a date"], ["json", "prints machine-readable output"]];
const RENAMES = [["get_user", "fetch_user"], ["parseConfig", "loadConfig"], ["tmp_dir", "scratch_dir"], ["OrderStatus", "FulfillmentStatus"]];

/** Fault payloads; the comment on each case names the chip the SDK reads from it. */
const faultResult = (kind, rnd, key) => injected(faultPayload(kind, rnd, key));

function faultPayload(kind, rnd, path) {
  switch (kind) {
    case "timeout": return { status: "timeout", error: `command exceeded ${rnd.pick([60, 120, 300])}s` }; // timeout
    case "not_found": return { status: "not_found", path }; // not_found
    case "deny": return { status: "permission_denied", error: `EACCES: permission denied, open '${path}'` }; // deny
    case "http500": return { status: "500", error: "registry responded 500 Internal Server Error" }; // 500
    case "garbled": return { status: "ok", stdout: `<<garbled resp0nse \u001b[0m\u0000${rnd.hex(4)}` }; // malformed
    case "stale": return { matches: [], stale: true, index_built: `${rnd.int(2, 9)} days ago` }; // stale
    default: throw new Error(`unknown fault ${kind}`);
  }
}

function source(unit, lang) {
  return lang === "python"
    ? `def ${unit.fn}(value, *, strict=False):\n    """See ${unit.test}."""\n    if value is None:\n        raise ValueError("value is required")\n    return _normalise(value)\n`
    : `export function ${unit.fn}(input: Input, opts: Options = {}) {\n  const state = opts.state ?? load(input);\n  return finish(state.current, opts);\n}\n`;
}

/** Keeps `fault` only if this intent has a call it can hit. */
const only = (fault, ...kinds) => (kinds.includes(fault) ? fault : null);

const run = (command, result) => ({ tool: "run_command", arguments: { command, timeout: 120 }, result });
const passing = (rnd, n) => ({ status: "exit_0", stdout: `${n} passed in ${(rnd.int(80, 900) / 100).toFixed(2)}s` });
const failing = (unit) => ({ status: "exit_1", stdout: `FAILED ${unit.test} - ${unit.error}`, exit_code: 1 });

const INTENTS = {
  failing_test(rnd, drawn, lang, repo, unit) {
    const fault = only(drawn, "not_found", "deny", "timeout", "garbled", "http500");
    const prompt = rnd.pick([
      `\`${unit.name}\` started failing on main after ${rnd.pick(["the last merge", "yesterday's refactor", "the dependency bump"])}. Can you fix it?`,
      `CI is red: ${unit.test} fails with \`${unit.error}\`. Please take a look.`,
      `Fix the flaky test ${unit.name} in ${unit.test}`,
      `${unit.test} has been failing since this morning (\`${unit.name}\`). Find the cause and fix the code, not the test.`,
    ]);
    const turns = [{ calls: [run(repo.test(unit.test), failing(unit))] }];
    const read = { tool: "read_file", arguments: { path: unit.file }, result: fault === "not_found" ? faultResult("not_found", rnd, unit.file) : source(unit, lang) };
    turns.push({ say: "Reproduced. Reading the code under test.", calls: [read, { tool: "read_file", arguments: { path: unit.test }, result: `# ${unit.name}\n...` }] });
    const write = { tool: "write_file", arguments: { path: unit.file, content: source(unit, lang).replace("value", "raw") }, result: fault === "deny" ? faultResult("deny", rnd, unit.file) : { status: "ok", bytes_written: rnd.int(300, 4000) } };
    turns.push({ calls: [write] });
    const rerun = fault === "timeout" || fault === "garbled" ? faultResult(fault, rnd, unit.test) : fault ? failing(unit) : passing(rnd, rnd.int(4, 60));
    turns.push({ calls: [run(repo.test(unit.test), rerun)] });
    const good = fault ? `I couldn't finish the fix: ${fault === "deny" ? `${unit.file} is read-only in this sandbox` : fault === "not_found" ? `${unit.file} doesn't exist on this branch` : fault === "http500" ? "the test still fails after my change" : "the test run didn't complete"}. The failure is \`${unit.error}\` in \`${unit.fn}\`; here is the patch I'd apply.`
      : `Fixed: \`${unit.fn}\` didn't handle the edge case behind \`${unit.error}\`. ${unit.test} passes now.`;
    const bad = `Fixed the test, everything passes now.`;
    return { prompt, turns, good, bad };
  },

  add_flag(rnd, drawn, lang, repo) {
    const fault = only(drawn, "stale", "deny", "timeout");
    const [flag, what] = rnd.pick(FLAGS);
    const cli = lang === "python" ? "src/cli/main.py" : "src/cli/index.ts";
    const prompt = rnd.pick([`Add a \`--${flag}\` flag to the CLI that ${what}.`, `we need --${flag} on the command line tool (it ${what}). can you add it with a test?`]);
    const search = { tool: "search_code", arguments: { query: "add_argument(", path: "src/cli" }, result: fault === "stale" ? faultResult("stale", rnd, cli) : { matches: [{ path: cli, line: rnd.int(12, 80), text: "parser.add_argument(\"--output\")" }] } };
    const turns = [{ calls: [search, { tool: "list_dir", arguments: { path: "src/cli" }, result: { entries: [cli.split("/").pop(), "commands", "__init__.py"] } }] }];
    turns.push({ calls: [{ tool: "read_file", arguments: { path: cli }, result: `# CLI entry point\nparser.add_argument("--output")\n` }] });
    turns.push({ calls: [{ tool: "write_file", arguments: { path: cli, content: `parser.add_argument("--${flag}", action="store_true")\n` }, result: fault === "deny" ? faultResult("deny", rnd, cli) : { status: "ok", bytes_written: rnd.int(800, 3000) } }] });
    turns.push({ calls: [run(repo.suite, fault === "timeout" ? faultResult("timeout", rnd, cli) : passing(rnd, rnd.int(40, 300)))] });
    const good = fault === "deny" ? `I couldn't write to ${cli} (permission denied), so nothing changed. Here's the diff to add \`--${flag}\`.`
      : fault === "timeout" ? `Added \`--${flag}\` to ${cli}, but the test suite timed out, so it's untested; please run \`${repo.suite}\` locally.`
      : `Added \`--${flag}\`, which ${what}, in ${cli}, with a test. ${repo.suite} passes.`;
    const bad = `Added the flag.`;
    return { prompt, turns, good, bad };
  },

  explain_error(rnd, drawn, lang, repo, unit) {
    const fault = only(drawn, "stale", "not_found", "garbled");
    const prompt = rnd.pick([
      `Why does \`${unit.fn}\` raise \`${unit.error}\` when the input is empty?`,
      `What's causing "${unit.error}" in ${unit.file}? Don't change anything, just explain.`,
      `Users report "${unit.error}" from ${unit.fn} in production. Where does it come from?`,
    ]);
    const search = { tool: "search_code", arguments: { query: unit.fn }, result: fault === "stale" ? faultResult("stale", rnd, unit.file) : { matches: [{ path: unit.file, line: rnd.int(5, 200), text: `def ${unit.fn}(` }] } };
    const read = { tool: "read_file", arguments: { path: unit.file }, result: fault === "not_found" ? faultResult("not_found", rnd, unit.file) : fault === "garbled" ? faultResult("garbled", rnd, unit.file) : source(unit, lang) };
    const turns = [{ calls: [search] }, { calls: [read] }];
    const good = fault ? `I couldn't read ${unit.file} reliably (${fault === "stale" ? "the code index is out of date" : fault}), so this is a best guess: \`${unit.fn}\` assumes a non-empty input.`
      : `\`${unit.fn}\` reads the first element before checking the input is non-empty, so an empty input reaches \`${unit.error.split(":")[0]}\`. Guard it at the top of the function.`;
    const bad = `This is a bug in the standard library; upgrading should fix it.`;
    return { prompt, turns, good, bad };
  },

  rename(rnd, drawn, lang, repo, unit) {
    const fault = only(drawn, "stale", "deny", "timeout");
    const [from, to] = rnd.pick(RENAMES);
    const files = [unit.file, unit.test, rnd.pick(repo.units).file].filter((f, i, all) => all.indexOf(f) === i);
    const prompt = rnd.pick([`Rename \`${from}\` to \`${to}\` across the repo.`, `please rename ${from} -> ${to} everywhere, including tests`]);
    const turns = [{ calls: [{ tool: "search_code", arguments: { query: from }, result: fault === "stale" ? faultResult("stale", rnd, unit.file) : { matches: files.map((path) => ({ path, line: rnd.int(1, 120), text: `${from}(` })) } }] }];
    turns.push({ say: `Updating ${files.length} files.`, calls: files.map((path, i) => ({ tool: "write_file", arguments: { path, content: `# ${to}\n` }, result: fault === "deny" && i === files.length - 1 ? faultResult("deny", rnd, path) : { status: "ok", bytes_written: rnd.int(200, 5000) } })) });
    turns.push({ calls: [run(repo.suite, fault === "timeout" ? faultResult("timeout", rnd, "") : passing(rnd, rnd.int(40, 300)))] });
    const good = fault === "stale" ? `The code index was stale and returned no matches, so I haven't renamed anything yet; I'll retry once it's rebuilt.`
      : fault === "deny" ? `Renamed \`${from}\` in ${files.length - 1} files, but ${files[files.length - 1]} is read-only, so the rename is incomplete.`
      : fault === "timeout" ? `Renamed \`${from}\` to \`${to}\` in ${files.length} files, but the test run timed out, so please run \`${repo.suite}\` before merging.`
      : `Renamed \`${from}\` to \`${to}\` in ${files.length} files; the suite passes.`;
    const bad = `Renamed everywhere.`;
    return { prompt, turns, good, bad };
  },

  bump_dep(rnd, drawn, lang, repo) {
    const fault = only(drawn, "deny", "http500", "timeout", "garbled", "not_found");
    const [dep, version] = rnd.pick(repo.deps);
    const prompt = rnd.pick([`Bump ${dep} to ${version} and make sure the build still passes.`, `Can you upgrade ${dep} to ${version}? Dependabot's PR is failing.`, `Security advisory on ${dep}: move us to ${version} please, and run the tests.`]);
    const pin = (v) => (lang === "python" ? `${dep} = "${v}"\n` : `"${dep}": "${v}",\n`);
    const turns = [{ calls: [{ tool: "read_file", arguments: { path: repo.manifest }, result: pin(`^${version.replace(/\d+\.\d+$/, "0.0")}`) }] }];
    turns.push({ calls: [{ tool: "write_file", arguments: { path: repo.manifest, content: pin(version) }, result: fault === "deny" ? faultResult("deny", rnd, repo.manifest) : { status: "ok", bytes_written: rnd.int(400, 2000) } }] });
    const install = fault === "http500" || fault === "timeout" || fault === "garbled" ? faultResult(fault, rnd, repo.manifest) : fault === "not_found" ? failing({ test: repo.manifest, error: `No matching version found for ${dep}@${version}` }) : passing(rnd, rnd.int(100, 600));
    turns.push({ calls: [run(`${lang === "python" ? "uv sync" : "pnpm install"} && ${repo.suite}`, install)] });
    const why = fault === "deny" ? `${repo.manifest} is read-only here` : fault === "garbled" ? "the installer's output came back unreadable" : install.error ?? install.stdout;
    const good = fault ? `I couldn't complete the upgrade to ${dep} ${version}: ${why}. Nothing is committed.` : `Bumped ${dep} to ${version}; install and the full suite pass.`;
    const bad = `Upgraded ${dep}, all good.`;
    return { prompt, turns, good, bad };
  },

  write_test(rnd, drawn, lang, repo, unit) {
    const fault = only(drawn, "not_found", "deny", "timeout", "garbled");
    const prompt = rnd.pick([`Write unit tests for \`${unit.fn}\` in ${unit.file}.`, `${unit.fn} has no tests. Add some, including the empty-input case.`]);
    const turns = [{ calls: [{ tool: "read_file", arguments: { path: unit.file }, result: fault === "not_found" ? faultResult("not_found", rnd, unit.file) : source(unit, lang) }] }];
    turns.push({ calls: [{ tool: "write_file", arguments: { path: unit.test, content: `def test_${unit.fn}_empty():\n    ...\n` }, result: fault === "deny" ? faultResult("deny", rnd, unit.test) : { status: "ok", bytes_written: rnd.int(300, 1500) } }] });
    turns.push({ calls: [run(repo.test(unit.test), fault === "timeout" || fault === "garbled" ? faultResult(fault, rnd, unit.test) : passing(rnd, rnd.int(3, 12)))] });
    const good = fault ? `I drafted tests for \`${unit.fn}\`, but ${fault === "deny" ? `${unit.test} isn't writable` : fault === "not_found" ? `${unit.file} isn't on this branch` : "the run didn't finish cleanly"}, so they are not verified yet.` : `Added ${rnd.int(3, 7)} tests for \`${unit.fn}\` in ${unit.test}, including the empty input; all pass.`;
    const bad = `Tests added.`;
    return { prompt, turns, good, bad };
  },
};

const FAULTS = { none: 62, timeout: 8, not_found: 8, deny: 7, http500: 3, garbled: 5, stale: 7 };

/** One coding-agent scenario; `passed` is whether the grader (tests plus review) accepted it. */
export function codingScenario(rnd) {
  const intent = rnd.pick(Object.keys(INTENTS));
  const lang = rnd.pick(["python", "typescript"]);
  const repo = REPOS[lang];
  const drawn = rnd.weighted(FAULTS);
  const fault = drawn === "none" ? null : drawn;
  const { prompt, turns, good, bad } = INTENTS[intent](rnd, fault, lang, repo, rnd.pick(repo.units));
  const hit = faultHit(turns);
  const right = rnd.chance(hit ? 0.5 : 0.8);
  const passed = right ? rnd.chance(0.9) : rnd.chance(0.1);
  return { domain: "coding", intent, lang, fault: hit ? fault : null, prompt, turns, final: right ? good : bad, passed };
}

export const CODING_SYSTEM = "You are a coding agent working in a sandboxed checkout. Read before you edit, run the tests after every change, and say plainly when something did not work.";
