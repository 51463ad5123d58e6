/** What `wai otel serve` does once its command line is parsed: run the receiver until Ctrl-C, then say what it took in. */
import { createLiveRowStream, startOtlpReceiver, type OtlpReceiverStats } from "@whileai/otel/node";
import { open } from "node:fs/promises";
import { CliError } from "../errors.js";
import { currentIo, resolvePath } from "../io.js";
import { isStdout, note, warn } from "../output.js";
import { interruptSignal } from "../signals.js";
import { explorerUi, LIVE_PATH } from "./explorer-ui.js";
import type { OtelServeOptions } from "./otel-serve.js";
import { listenError, untilAborted } from "./servers.js";

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
    await (await open(resolvePath(path), "a")).close();
  } catch (error) {
    throw new CliError(`cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
}

export async function runOtelServe(options: OtelServeOptions): Promise<void> {
  const toStdout = isStdout(options.out);
  // The receiver opens the file lazily; a path that cannot be written should fail now, in one line.
  if (!toStdout) await appendable(options.out!);
  // Rows arrive in request callbacks: write them to this run's stdout, wherever they come from.
  const { stdout } = currentIo();
  // The explorer's files are checked before listening: a build without them fails in one line.
  const ui = options.ui ? explorerUi() : null;
  const live = options.ui ? createLiveRowStream({ maxBytes: Math.round(options.liveMib * 1024 * 1024) }) : null;
  const interrupt = interruptSignal();
  try {
    const receiver = await startOtlpReceiver({
      port: options.port,
      host: options.host,
      idleMs: options.idleMs,
      output: toStdout ? undefined : resolvePath(options.out!),
      onRow: (row) => {
        if (toStdout) stdout.write(`${JSON.stringify(row)}\n`);
        live?.push(row);
      },
      otherRoutes:
        ui === null || live === null
          ? undefined
          : (request, response) => {
              if ((request.url ?? "").split("?")[0] !== `/${LIVE_PATH}`) return ui.answer(request, response);
              live.answer(request, response);
              return true;
            },
    }).catch((error: unknown) => listenError(error, "the OTLP receiver", options.host, options.port));
    note(`OTLP/HTTP receiver on ${receiver.url}, rows to ${toStdout ? "stdout" : `${options.out} (appended)`}`);
    note(`point an exporter at it: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=${receiver.url}`);
    if (ui !== null) note(`trace explorer, live: ${receiver.url.replace(/\/v1\/traces$/, "/")}`);
    note(`a conversation becomes a row after ${options.idleMs} ms without spans; Ctrl-C writes the open ones and stops`);
    await untilAborted(interrupt.signal);
    // Open event streams would hold the server open: end them first (the page reconnects to nothing).
    live?.close();
    const stats = await receiver.close();
    note(statsLine(stats));
    if (stats.rejected) warn(`${count(stats.rejected, "request")} refused (malformed, too large or wrong route); each exporter was told why`);
  } finally {
    interrupt.dispose();
  }
}
