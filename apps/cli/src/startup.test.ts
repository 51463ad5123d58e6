/**
 * `wai --version`, `--help` and every `<command> --help` must not load what only a command's run
 * needs (the platform client and its undici, the local server and its SQLite, OpenTelemetry,
 * the trace analysis, the leakage scan): that is what keeps startup near Node's own. Rather than
 * timing it, this records every module the program resolves (`testing/record-imports.mjs`) and
 * fails on anything outside the CLI's own files, Node's built-ins, commander and the platform's
 * constants (an entry that imports nothing, for the `--purpose`/`--mode` choices).
 *
 * Real-binary tests: what a fresh Node process resolves is the point, so these spawn Node (the
 * binary for `--version`/`--help`, one driver process for every command's `--help`).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, example, runWai, tempDir } from "./testing/run-wai.js";

const RECORDER = fileURLToPath(new URL("./testing/record-imports.mjs", import.meta.url));
const RUN_EACH = fileURLToPath(new URL("./testing/run-each.mjs", import.meta.url));
const DIST = new URL("../dist/", import.meta.url).href;
const PLATFORM_CONSTANTS = new URL("../../../packages/platform/dist/constants.js", import.meta.url).href;

interface Resolution {
  specifier: string;
  parent: string | null;
  url: string;
}

const scratch = tempDir();
afterAll(() => scratch.cleanup());
let runs = 0;

/** Run `node script args` under the recorder: its exit code, stdout and the lines it recorded. */
function record(script: string, args: readonly string[]): Promise<{ code: number | null; stdout: string; lines: unknown[] }> {
  const log = scratch.path(`imports-${runs++}.jsonl`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", RECORDER, script, ...args], {
      env: { ...process.env, WAI_DEBUG: undefined, WAI_RECORD_IMPORTS: log },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", (code) => {
      const lines = readFileSync(log, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as unknown);
      resolve({ code, stdout, lines });
    });
  });
}

/** Run the binary, `wai args`, under the recorder: its exit code, stdout and every module it resolved. */
async function recordImports(args: readonly string[]): Promise<{ code: number | null; stdout: string; resolved: Resolution[] }> {
  const { code, stdout, lines } = await record(BIN, args);
  return { code, stdout, resolved: lines as Resolution[] };
}

/** Each of `runs` in one process (`testing/run-each.mjs`): per run, its exit code and the modules it resolved first. */
async function recordEach(runs: readonly string[][]): Promise<{ args: string[]; code: number | undefined; resolved: Resolution[] }[]> {
  const { code, lines } = await record(RUN_EACH, [JSON.stringify(runs)]);
  expect(code).toBe(0);
  const results: { args: string[]; code: number | undefined; resolved: Resolution[] }[] = [];
  for (const line of lines as (Resolution | { run: string[]; code?: number })[]) {
    // Before the first marker: the driver's own imports, not wai's.
    if (!("run" in line)) results.at(-1)?.resolved.push(line);
    else if (line.code === undefined) results.push({ args: line.run, code: undefined, resolved: [] });
    else results.at(-1)!.code = line.code;
  }
  expect(results.map((r) => r.args)).toEqual(runs);
  return results;
}

/** What startup may load: the CLI's own files, Node built-ins, commander (which `--help` needs) and the platform's constants. */
function isLight(url: string): boolean {
  return url.startsWith("node:") || url.startsWith(DIST) || url.includes("/node_modules/commander/") || url === PLATFORM_CONSTANTS;
}

/**
 * The heavy modules a run loaded straight from a light one, as "specifier (imported by dist/x.js)":
 * each names the import to move into a command's run module (what they load in turn is left out).
 */
function heavyLoads(resolved: Resolution[]): string[] {
  return resolved
    .filter((r) => !isLight(r.url) && (r.parent === null || isLight(r.parent)))
    .map((r) => `${r.specifier} (imported by ${r.parent?.replace(DIST, "dist/") ?? "node"})`);
}

/** Command names listed in a help text ("  report [options] ..."). */
function commandsIn(help: string): string[] {
  return [...help.matchAll(/^ {2}([a-z][a-z-]*) /gm)].map((m) => m[1]!).filter((name) => name !== "help");
}

describe("wai startup loads only commander and its own files", () => {
  it("the recorder sees what a command's run loads (so the checks below can fail)", async () => {
    const run = await recordImports(["report", example("support-canonical.jsonl")]);
    expect(run.code).toBe(0);
    expect(run.resolved.some((r) => r.url.startsWith(`${DIST}bin.js`))).toBe(true);
    expect(heavyLoads(run.resolved).some((load) => load.startsWith("@whileai/traces "))).toBe(true);
  });

  it.each([[["--version"]], [["--help"]], [["report", "--bogus"]]])("wai %j", async (args) => {
    const run = await recordImports(args);
    expect(run.resolved.length).toBeGreaterThan(0);
    expect(heavyLoads(run.resolved)).toEqual([]);
  });

  it("every command's --help, subcommands included", async () => {
    // Which helps there are is read in process; what each one loads, in one recorded process.
    const commands = commandsIn((await runWai(["--help"])).stdout);
    expect(commands.length).toBeGreaterThanOrEqual(20);
    const helps: string[][] = [];
    for (const name of commands) {
      helps.push([name, "--help"]);
      for (const sub of commandsIn((await runWai([name, "--help"])).stdout)) helps.push([name, sub, "--help"]);
    }
    const checked: string[] = [];
    for (const run of await recordEach(helps)) {
      const label = `wai ${run.args.join(" ")}`;
      expect(run.code, label).toBe(0);
      expect(heavyLoads(run.resolved), label).toEqual([]);
      checked.push(run.args.slice(0, -1).join(" "));
    }
    expect(checked).toEqual(expect.arrayContaining(["serve", "otel serve", "push", "hf import", "leak"]));
  });
});
