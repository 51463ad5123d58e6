/**
 * `wai --version`, `--help` and every `<command> --help` must not load what only a command's run
 * needs (the platform client and its undici, the local server and its SQLite, OpenTelemetry,
 * the trace analysis, the leakage scan): that is what keeps startup near Node's own. Rather than
 * timing it, this records every module the program resolves (`testing/record-imports.mjs`) and
 * fails on anything outside the CLI's own files, Node's built-ins, commander and the platform's
 * constants (an entry that imports nothing, for the `--purpose`/`--mode` choices).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, example, tempDir } from "./testing/run-wai.js";

const RECORDER = fileURLToPath(new URL("./testing/record-imports.mjs", import.meta.url));
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

/** Run `wai args` under the recorder: its exit code, stdout and every module it resolved. */
function recordImports(args: readonly string[]): Promise<{ code: number | null; stdout: string; resolved: Resolution[] }> {
  const log = scratch.path(`imports-${runs++}.jsonl`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", RECORDER, BIN, ...args], {
      env: { ...process.env, WAI_DEBUG: undefined, WAI_RECORD_IMPORTS: log },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", (code) => {
      const resolved = readFileSync(log, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Resolution);
      resolve({ code, stdout, resolved });
    });
  });
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
    const top = await recordImports(["--help"]);
    const commands = commandsIn(top.stdout);
    expect(commands.length).toBeGreaterThanOrEqual(20);
    const checked: string[] = [];
    for (const name of commands) {
      const run = await recordImports([name, "--help"]);
      expect(run.code, `wai ${name} --help`).toBe(0);
      expect(heavyLoads(run.resolved), `wai ${name} --help`).toEqual([]);
      checked.push(name);
      for (const sub of commandsIn(run.stdout)) {
        const subRun = await recordImports([name, sub, "--help"]);
        expect(subRun.code, `wai ${name} ${sub} --help`).toBe(0);
        expect(heavyLoads(subRun.resolved), `wai ${name} ${sub} --help`).toEqual([]);
        checked.push(`${name} ${sub}`);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(["serve", "otel serve", "push", "hf import", "leak"]));
  });
});
