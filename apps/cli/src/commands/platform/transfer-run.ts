/** What `wai push` and `wai pull` do once their command lines are parsed: stream the file up or the rows down. */
import { createReadStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { pull, PublishGateError, pushFile, updateDataset, type GateReport, type ProgressCallback, type RequestOptions } from "@whileai/platform/node";
import * as py from "@whileai/hash-embed/internal";
import { PyJsonError } from "@whileai/traces";
import { CliError, UsageError } from "../../errors.js";
import { currentIo, resolvePath } from "../../io.js";
import { isStdout, note, warn, writeJson, writeText } from "../../output.js";
import { interruptSignal } from "../../signals.js";
import { connect } from "./connect.js";
import { cell, formatBytes, isDict, type Dict } from "./format.js";
import type { PullOptions, PushOptions } from "./transfer.js";
import { transferProgress } from "./transfer-progress.js";
import { cliWording } from "../../wording.js";

/** The file must be a regular file: say so before any request is made. */
async function requireFile(path: string): Promise<void> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(resolvePath(path));
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (!info.isFile()) throw new CliError(`cannot push ${path}: not a file`);
}

function gateLine(report: GateReport): string {
  const s = report.signal;
  const shape = report.rl_shaped ? "RL-shaped" : "not RL-shaped";
  return `gate: passed, ${shape}; ${s.rows} rows, ${s.tasks} tasks, ${s.graded_tasks} graded, ${s.mixed_tasks} mixed, ${s.in_band_tasks} in band`;
}

function pushedLine(reply: Dict): string {
  return `pushed ${cell(reply["datasetId"])} "${cell(reply["name"])}": ${cell(reply["rows"])} rows, ${formatBytes(reply["sizeBytes"])}, purpose ${cell(reply["purpose"])}${reply["agent"] ? `, agent ${cell(reply["agent"])}` : ""}`;
}

// The gate reads lines as Python's text mode does: \n, \r\n or \r end a line.
const LINE_END = /\r\n|\r|\n/;

/**
 * The errors of a gated push, said for a command line: a line that is not JSON gets its line
 * number (found again only on this error path), a gate refusal says how to push anyway.
 */
async function gatedPushError(file: string, error: unknown): Promise<unknown> {
  if (PublishGateError.isInstance(error)) {
    return new CliError(`${file}: the publish gate refused it: ${cliWording(error.message)}`, { cause: error });
  }
  if (PyJsonError.isInstance(error)) {
    const lines = (await readFile(resolvePath(file), "utf8")).split(LINE_END);
    for (let i = 0; i < lines.length; i++) {
      const text = py.pyStrip(lines[i]!);
      if (!text) continue;
      try {
        py.pyJsonLoads(text);
      } catch (bad) {
        return new CliError(`${file}:${i + 1}: not JSON: ${(bad as Error).message}`, { cause: error });
      }
    }
  }
  return error;
}

export async function runPush(file: string, options: PushOptions): Promise<void> {
  await requireFile(file);
  const interrupt = interruptSignal();
  const request = connect(options, interrupt.signal);
  const progress = transferProgress("pushing");
  let reply: Dict;
  try {
    reply = await pushFile(resolvePath(file), options.name, { ...request, gate: options.gate ?? false, mode: options.mode, parent: options.parent, onProgress: progress.onProgress });
  } catch (error) {
    throw await gatedPushError(file, error);
  } finally {
    progress.stop();
    interrupt.dispose();
  }
  const gate = reply["gate"] as GateReport | undefined;
  // `pushFile` sends only the name (as Python's push_file); the rest is the dataset's metadata, set right after.
  const meta = { purpose: options.purpose, mode: options.mode, agent: options.agent, description: options.description };
  if (Object.values(meta).some((v) => v !== undefined)) {
    const updated = await updateDataset(String(reply["datasetId"]), { ...meta, apiKey: request.apiKey });
    reply = { ...(isDict(updated) ? updated : {}), ...(gate ? { gate } : {}) };
  }
  if (options.json) return writeJson(reply);
  if (gate) for (const w of gate.warnings) warn(`gate: ${w}`);
  writeText(gate ? `${pushedLine(reply)}\n${gateLine(gate)}` : pushedLine(reply));
}

/** Pulls to a temporary file first, so stdout gets exactly the bytes a file would. */
async function pullToStdout(datasetId: string, request: RequestOptions, onProgress: ProgressCallback | undefined): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), "wai-pull-"));
  try {
    const path = join(dir, "rows.jsonl");
    await pull(datasetId, path, { ...request, onProgress });
    const { size } = await stat(path);
    await pipeline(createReadStream(path), currentIo().stdout, { end: false });
    return size;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runPull(datasetId: string, options: PullOptions): Promise<void> {
  const toStdout = isStdout(options.output);
  if (toStdout && options.json) throw new UsageError("--json needs -o <path>: without it the rows themselves go to stdout");
  const interrupt = interruptSignal();
  const request = connect(options, interrupt.signal);
  const progress = transferProgress("pulling");
  let bytes: number;
  try {
    if (toStdout) bytes = await pullToStdout(datasetId, request, progress.onProgress);
    else {
      await pull(datasetId, resolvePath(options.output!), { ...request, onProgress: progress.onProgress });
      bytes = (await stat(resolvePath(options.output!))).size;
    }
  } finally {
    progress.stop();
    interrupt.dispose();
  }
  if (toStdout) return note(`pulled ${datasetId} (${formatBytes(bytes)})`);
  if (options.json) return writeJson({ datasetId, path: options.output, bytes });
  writeText(`pulled ${datasetId} to ${options.output} (${formatBytes(bytes)})`);
}
