/**
 * `wai otel serve`: an OTLP/HTTP trace receiver. Any OpenTelemetry SDK or collector exports to it;
 * each conversation becomes one row once it has been idle for --idle-ms (and every open one on
 * exit), appended to a JSONL file or written to stdout. With --ui the same port serves the web
 * explorer, which shows the rows as they complete. This module only declares the command; the
 * receiver loads in `otel-serve-run.ts` when it runs.
 */
import type { Command } from "commander";
import { parsePositiveInteger, parsePositiveNumber } from "../args.js";
import { parsePort } from "./servers.js";

export interface OtelServeOptions {
  port: number;
  host: string;
  out?: string;
  idleMs: number;
  ui?: boolean;
  liveMib: number;
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
    .option("--ui", "also serve the trace explorer on the same port, showing rows and the running report as conversations complete")
    .option("--live-mib <MiB>", "with --ui: the newest rows' JSON kept for pages that open late or reconnect (older rows are only in the output)", parsePositiveNumber, 256)
    .addHelpText(
      "after",
      `
Example:
  $ wai otel serve --out rows.jsonl
  $ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=http://127.0.0.1:4318/v1/traces python my_agent.py
  $ wai otel serve --ui --out rows.jsonl    # then open http://127.0.0.1:4318/ in a browser
`,
    )
    .action(async (options: OtelServeOptions) => {
      const { runOtelServe } = await import("./otel-serve-run.js");
      await runOtelServe(options);
    });
}
