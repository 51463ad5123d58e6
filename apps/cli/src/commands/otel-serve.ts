/**
 * `wai otel serve`: an OTLP/HTTP trace receiver. Any OpenTelemetry SDK or collector exports to it;
 * each conversation becomes one row once it has been idle for --idle-ms (and every open one on
 * exit), appended to a JSONL file or written to stdout.
 */
import { startOtlpReceiver, type OtlpReceiverStats } from "@whileai/otel/node";
import { open } from "node:fs/promises";
import type { Command } from "commander";
import { parsePositiveInteger } from "../args.js";
import { CliError } from "../errors.js";
import { isStdout, note, warn } from "../output.js";
import { interruptSignal } from "../signals.js";
import { listenError, parsePort, untilAborted } from "./servers.js";

interface OtelServeOptions {
  port: number;
  host: string;
  out?: string;
  idleMs: number;
}

/** "1 request" / "3 requests". */
function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function statsLine(s: OtlpReceiverStats): string {
  const early = s.evicted ? `, ${count(s.evicted, "conversation")} written early at the memory cap` : "";
  return `${count(s.requests, "request")} (${s.rejected} rejected), ${count(s.spans, "span")}, ${count(s.rows, "row")} written${early}`;
}

async function appendable(path: string): Promise<void> {
  try {
    await (await open(path, "a")).close();
  } catch (error) {
    throw new CliError(`cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
}

async function otelServe(options: OtelServeOptions): Promise<void> {
  const toStdout = isStdout(options.out);
  // The receiver opens the file lazily; a path that cannot be written should fail now, in one line.
  if (!toStdout) await appendable(options.out!);
  const interrupt = interruptSignal();
  try {
    const receiver = await startOtlpReceiver({
      port: options.port,
      host: options.host,
      idleMs: options.idleMs,
      output: toStdout ? undefined : options.out,
      onRow: toStdout ? (row) => process.stdout.write(`${JSON.stringify(row)}\n`) : undefined,
    }).catch((error: unknown) => listenError(error, "the OTLP receiver", options.host, options.port));
    note(`OTLP/HTTP receiver on ${receiver.url}, rows to ${toStdout ? "stdout" : `${options.out} (appended)`}`);
    note(`point an exporter at it: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=${receiver.url}`);
    note(`a conversation becomes a row after ${options.idleMs} ms without spans; Ctrl-C writes the open ones and stops`);
    await untilAborted(interrupt.signal);
    const stats = await receiver.close();
    note(statsLine(stats));
    if (stats.rejected) warn(`${count(stats.rejected, "request")} refused (malformed, too large or wrong route); each exporter was told why`);
  } finally {
    interrupt.dispose();
  }
}

export function register(program: Command): void {
  const otel = program.command("otel").description("OpenTelemetry traces: receive them as rows.");
  otel
    .command("serve")
    .description("Receive OTLP/HTTP traces (JSON or protobuf, gzip too) and write one row per conversation as JSONL.")
    .option("--port <port>", "port to listen on (0 picks a free one)", parsePort, 4318)
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--out <path>", "JSONL file the rows are appended to (default: stdout)")
    .option("--idle-ms <ms>", "write a conversation once no span has arrived for it in this long", parsePositiveInteger, 30_000)
    .addHelpText(
      "after",
      `
Example:
  $ wai otel serve --out rows.jsonl
  $ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=http://127.0.0.1:4318/v1/traces python my_agent.py
`,
    )
    .action(otelServe);
}
