/**
 * The `wai` program: commander set up once (name, version, how errors print and exit), then one
 * `register(program)` call per command module. Those modules only declare their commands; what a
 * command needs to run loads when it runs, so `--help` and `--version` start fast (CONVENTIONS.md).
 */
import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { describeError } from "./errors.js";
import { cliWording } from "./wording.js";
import { currentIo, processIo, withIo, type CliIo } from "./io.js";
import { register as registerOtelServe } from "./commands/otel-serve.js";
import { register as registerFlaws } from "./commands/flaws.js";
import { register as registerHarness } from "./commands/harness.js";
import { register as registerLeak } from "./commands/leak.js";
import { register as registerReport } from "./commands/report.js";
import { register as registerRows } from "./commands/rows.js";
import { register as registerSplit } from "./commands/split.js";
import { register as registerPlatform } from "./commands/platform/index.js";
import { register as registerServe } from "./commands/serve.js";

/** The package version, read at run time so it never drifts from package.json. */
export function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  return manifest.version;
}

export function buildProgram(): Command {
  const program = new Command("wai");
  program
    .description("Read, report, split, leakage-check and move agent traces.")
    .version(cliVersion(), "-V, --version", "print the version")
    .helpOption("-h, --help", "show help for a command")
    .showSuggestionAfterError(true)
    // Commander's own parse errors ("unknown option", "missing argument") become one `wai: ` line
    // and a usage exit code instead of calling process.exit itself. Subcommands inherit both.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void currentIo().stdout.write(text),
      writeErr: (text) => void currentIo().stderr.write(text),
      outputError: (message, write) => write(`wai: ${message.replace(/^error: /, "")}`),
      // Help wraps to the terminal's width, as commander does for process.stdout.
      getOutHelpWidth: () => terminalColumns(currentIo().stdout),
      getErrHelpWidth: () => terminalColumns(currentIo().stderr),
    })
    .addHelpText(
      "after",
      `
Inputs are detected from their content: row JSONL or JSON arrays, OpenAI/Anthropic message
exports, OTLP JSON, OTLP JSON Lines and OTLP protobuf, Parquet, CSV/TSV and Arrow IPC, each
optionally gzipped. Use - for stdin.

Example:
  $ wai report examples/support-canonical.jsonl
  $ wai report --help`,
    );

  registerReport(program);
  registerRows(program);
  registerSplit(program);
  registerHarness(program);
  registerFlaws(program);
  registerLeak(program);
  registerServe(program);
  registerOtelServe(program);
  registerPlatform(program);
  return program;
}

/** A terminal's width; undefined (not a terminal) makes commander wrap at 80, as its own default does. */
function terminalColumns(stream: CliIo["stdout"]): number {
  return (stream.isTTY ? stream.columns : undefined) as number;
}

/**
 * Run `wai` with `argv` (the user's arguments, without node and the script) and give the exit code.
 * `io` defaults to the process's own streams, environment and directory (the binary).
 */
export function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  return withIo(io, () => run(argv));
}

async function run(argv: readonly string[]): Promise<number> {
  const { stderr, env } = currentIo();
  const program = buildProgram();
  try {
    await program.parseAsync([...argv], { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version come through here too, with exit code 0; commander already printed.
      return error.exitCode === 0 ? 0 : 2;
    }
    const described = await describeError(error);
    // A package's message may keep the Python SDK's pinned hint; say it with wai's commands.
    stderr.write(`wai: ${cliWording(described.message)}\n`);
    if (env.WAI_DEBUG) stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    else if (described.hint) stderr.write(`wai: ${described.hint}\n`);
    return described.exitCode;
  }
}
