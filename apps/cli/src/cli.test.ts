import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { example, jsonLines, runWai, runWaiBinary } from "./testing/run-wai.js";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };

/** The commands this module owns; the platform ones are checked the same way by their own tests. */
const COMMANDS = ["report", "rows", "split", "harness", "flaws", "leak"];

describe("wai", () => {
  it("prints its version", async () => {
    const result = await runWai(["--version"]);
    expect(result).toMatchObject({ code: 0, stdout: `${manifest.version}\n`, stderr: "" });
  });

  it("lists every command in --help, with an example", async () => {
    const result = await runWai(["--help"]);
    expect(result.code).toBe(0);
    for (const name of COMMANDS) expect(result.stdout).toMatch(new RegExp(`^  ${name} `, "m"));
    expect(result.stdout).toContain("Example");
  });

  it.each(COMMANDS)("%s --help has an Example", async (name) => {
    const result = await runWai([name, "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage: wai ${name}`);
    expect(result.stdout).toContain("Example:");
    expect(result.stdout).toContain(`$ wai ${name}`);
  });

  it("every command listed in wai --help has an Example in its own --help", async () => {
    const help = (await runWai(["--help"])).stdout;
    const listed = [...help.matchAll(/^ {2}([a-z][a-z-]*) /gm)].map((m) => m[1]).filter((name) => name !== "help");
    expect(listed.length).toBeGreaterThanOrEqual(COMMANDS.length);
    for (const name of listed) {
      const result = await runWai([name, "--help"]);
      expect(result.code, name).toBe(0);
      if (result.stdout.includes("Example")) continue;
      // A command group (e.g. "otel") may keep its examples in its subcommands' help instead.
      const subcommands = [...result.stdout.matchAll(/^ {2}([a-z][a-z-]*) /gm)].map((m) => m[1]).filter((sub) => sub !== "help");
      expect(subcommands.length, `wai ${name} --help has no Example and no subcommands`).toBeGreaterThan(0);
      for (const sub of subcommands) expect((await runWai([name, sub, "--help"])).stdout, `wai ${name} ${sub} --help`).toContain("Example");
    }
  });

  it("an unknown option is a usage error: one line, exit 2", async () => {
    const result = await runWai(["report", "--bogus"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^wai: unknown option '--bogus'/);
  });

  it("an unknown command is a usage error", async () => {
    const result = await runWai(["nope"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^wai: unknown command 'nope'/);
  });

  it("no command prints the help on stderr and exits 2", async () => {
    const result = await runWai([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Usage: wai");
  });

  it("a bad option value names the option, exit 2", async () => {
    const result = await runWai(["report", "--threshold", "high", "-"], { input: "" });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("wai: option '--threshold <number>' argument 'high' is invalid. expected a number");
  });
});

describe("the wai binary", () => {
  // Real-binary test: bin.ts hands runCli the process's own argv, streams and exit code; the
  // in-process tests above cannot see that wiring.
  it("prints its version, reads piped stdin, and exits 1 and 2 as the in-process runs do", async () => {
    expect(await runWaiBinary(["--version"])).toMatchObject({ code: 0, stdout: `${manifest.version}\n`, stderr: "" });
    const piped = await runWaiBinary(["rows"], { input: readFileSync(example("support-canonical.jsonl")) });
    expect(piped).toMatchObject({ code: 0, stderr: "" });
    expect(jsonLines(piped.stdout)).toHaveLength(80);
    expect(await runWaiBinary(["rows", "no/such/file.jsonl"])).toMatchObject({ code: 1, stdout: "", stderr: "wai: no/such/file.jsonl: no such file\n" });
    const usage = await runWaiBinary(["report", "--bogus"]);
    expect(usage).toMatchObject({ code: 2, stdout: "" });
    expect(usage.stderr).toMatch(/^wai: unknown option '--bogus'/);
  });
});
