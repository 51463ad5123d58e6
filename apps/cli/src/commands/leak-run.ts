/** What `wai leak` does once its command line is parsed: a (sharded) scan, or `--merge` of shard reports. */
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { Command } from "commander";
import type { LeakageReport, LeakageScan, ShardReport, ShardSpec } from "@whileai/hash-embed";
import type { TraceRow } from "@whileai/traces";
import { CliError, UsageError } from "../errors.js";
import { readInputs, reportInputs } from "../input/index.js";
import { currentIo, resolvePath } from "../io.js";
import { outputFormat, writeRowsTo } from "../row-output.js";
import { formatJson, isStdout, writeJson, writeText, writeTextFile } from "../output.js";
import { interruptSignal } from "../signals.js";
import { readOptions } from "./input-options.js";
import type { LeakFlags } from "./leak.js";
import { partFileName, resolveShard } from "./leak-shard.js";

export async function runLeak(flags: LeakFlags, command: Command): Promise<void> {
  if (flags.merge !== undefined) return merge(flags, command);
  return scan(flags);
}

async function scan(flags: LeakFlags): Promise<void> {
  if (flags.generated === undefined || flags.sources === undefined) {
    throw new UsageError("leak needs --generated and --sources (or --merge parts...)");
  }
  if (flags.generated.includes("-") && flags.sources.includes("-")) {
    throw new UsageError("stdin (-) can feed --generated or --sources, not both");
  }
  const shard = resolveShard(flags.shard, flags.shardCount, currentIo().env);
  if (shard !== undefined && flags.dropTo !== undefined) {
    throw new UsageError("--drop-to needs the whole scan: run without --shard, or merge the shards' reports with --merge");
  }
  outputFormat(flags.dropTo, "--drop-to");
  // Settled before the scan, so a folder that cannot be made fails before the work, not after.
  const out = flags.out === undefined ? undefined : shard === undefined ? flags.out : await partPath(flags.out, shard);
  // Ctrl-C from here on stops reading or scanning cleanly (workers ended, no partial files).
  const { signal, dispose } = interruptSignal();
  const { createScanProgressBar } = await import("../progress.js");
  const bar = createScanProgressBar(currentIo().stderr);
  let result: LeakageScan;
  let generated: Awaited<ReturnType<typeof readInputs>>;
  try {
    const input = readOptions({ ...flags, threshold: undefined }, signal);
    generated = await readInputs(flags.generated, input);
    const sources = await readInputs(flags.sources, input);
    reportInputs([...generated.inputs, ...sources.inputs]);
    // Loaded here, not at the top: --merge, and an input that fails to read, need no WebAssembly or workers.
    const { scanLeakage } = await import("@whileai/hash-embed/node");
    result = await scanLeakage(generated.rows, sources.rows, {
      threshold: flags.threshold,
      examples: flags.examples,
      threads: flags.threads,
      kernel: flags.kernel,
      shard,
      signal,
      onProgress: bar.enabled ? (progress) => bar.update(progress) : undefined,
    });
  } finally {
    bar.stop();
    dispose();
  }

  if (out !== undefined) {
    if (shard !== undefined && !isStdout(out)) await writeWhole(out, formatJson(result.report));
    else await writeTextFile(out, formatJson(result.report));
  }
  let kept: number | undefined;
  if (flags.dropTo !== undefined) kept = await writeClean(flags.dropTo, generated.rows, result.flags);

  if (flags.json) {
    if (!(flags.dropTo !== undefined && isStdout(flags.dropTo)) && !(out !== undefined && isStdout(out))) writeJson(result.report);
    return;
  }
  const lines = formatScan(result, shard);
  if (kept !== undefined) lines.push(`dropped ${generated.rows.length - kept} leaky rows; wrote ${kept} clean rows to ${isStdout(flags.dropTo) ? "stdout" : flags.dropTo}`);
  if (out !== undefined && !isStdout(out)) lines.push(`report written to ${out}`);
  const text = `${lines.join("\n")}\n`;
  // When rows or the report take stdout, the summary goes to stderr so the data stays clean.
  if ((flags.dropTo !== undefined && isStdout(flags.dropTo)) || (out !== undefined && isStdout(out))) currentIo().stderr.write(text);
  else writeText(text);
}

/** The generated rows not flagged, in order. `flags` is indexed by row: a whole scan covers every row. */
function writeClean(path: string, rows: readonly TraceRow[], flags: Uint8Array): Promise<number> {
  return writeRowsTo(
    path,
    rows.filter((_, i) => flags[i] !== 1),
    "--drop-to",
  );
}

/**
 * A shard's `--out`: a folder (one that exists, or a path ending in a slash, made if missing)
 * gets the part under its standard name, so every process of a job can be given the same path.
 */
async function partPath(out: string, shard: ShardSpec): Promise<string> {
  if (isStdout(out)) return out;
  if (/[\\/]$/.test(out)) {
    await mkdir(resolvePath(out), { recursive: true }).catch((error: Error) => {
      throw new CliError(`cannot make the folder ${out}: ${error.message}`, { cause: error });
    });
    return join(out, partFileName(shard));
  }
  const found = await stat(resolvePath(out)).catch(() => undefined);
  return found?.isDirectory() ? join(out, partFileName(shard)) : out;
}

/**
 * Write a part so that a merge never sees half of it: into a hidden temporary file beside it,
 * renamed over the part once complete (a retried shard replaces its earlier part the same way).
 */
async function writeWhole(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(resolvePath(temporary), `${text}\n`);
    await rename(resolvePath(temporary), resolvePath(path));
  } catch (error) {
    await unlink(resolvePath(temporary)).catch(() => undefined);
    throw new CliError(`cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
}

function formatScan(result: LeakageScan, spec: ShardSpec | undefined): string[] {
  const { report } = result;
  const shard = spec === undefined ? "" : ` (shard ${spec.index}/${spec.count})`;
  const seconds = result.timings.sourcesSeconds + result.timings.scanSeconds;
  return [
    `scanned ${report.n} generated rows${shard} against ${report.n_sources} sources in ${seconds.toFixed(2)} s (${result.kernel} kernel, ${result.threads} thread${result.threads === 1 ? "" : "s"})`,
    ...formatReport(report),
  ];
}

/** The report's verdict and its listed examples. */
export function formatReport(report: LeakageReport): string[] {
  const lines = [
    `leaky: ${report.n_leaky} of ${report.n} rows at threshold ${report.threshold} (max similarity ${roundForText(report.max_similarity)})`,
  ];
  for (const leak of report.leaky) lines.push(`  row ${leak.row} ~ source ${leak.source} (similarity ${leak.similarity})`);
  if (report.n_leaky > report.leaky.length) lines.push(`  ... ${report.n_leaky - report.leaky.length} more not listed (--examples)`);
  return lines;
}

/** Options that shape a scan; the shards' reports already fixed them, so --merge refuses them. */
const SCAN_ONLY = ["generated", "sources", "shard", "shardCount", "dropTo", "threshold", "examples", "threads", "kernel", "rewardKey", "skipBadLines"];

async function merge(flags: LeakFlags, command: Command): Promise<void> {
  const given = SCAN_ONLY.filter((key) => command.getOptionValueSource(key) === "cli");
  if (given.length > 0) {
    const names = given.map((key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(", ");
    throw new UsageError(`--merge combines finished shard reports, scanned with their own options: drop ${names}`);
  }
  const files = await partFiles(flags.merge as string[]);
  const parts: ShardReport[] = [];
  for (const path of files) parts.push(await readShardReport(path));
  const { mergeLeakageReports } = await import("@whileai/hash-embed");
  let report: LeakageReport;
  try {
    report = mergeLeakageReports(parts);
  } catch (error) {
    // The merge names the part by position; name the file instead.
    const message = (error as Error).message.replace(/^mergeLeakageReports: /, "").replace(/part (\d+)/g, (_, i: string) => files[Number(i)] ?? `part ${i}`);
    throw new CliError(`cannot merge: ${message}`, { cause: error });
  }
  if (flags.out !== undefined) await writeTextFile(flags.out, formatJson(report));
  if (flags.json) {
    if (!(flags.out !== undefined && isStdout(flags.out))) writeJson(report);
    return;
  }
  const lines = [`merged ${parts.length} shard reports`, ...formatReport(report)];
  if (flags.out !== undefined && !isStdout(flags.out)) lines.push(`report written to ${flags.out}`);
  const text = `${lines.join("\n")}\n`;
  if (flags.out !== undefined && isStdout(flags.out)) currentIo().stderr.write(text);
  else writeText(text);
}

/** `--merge`'s arguments as files: a folder stands for the `.json` files in it (hidden ones, such as a part still being written, left out). */
async function partFiles(args: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const arg of args) {
    const found = await stat(resolvePath(arg)).catch(() => undefined);
    if (!found?.isDirectory()) {
      files.push(arg);
      continue;
    }
    const names = (await readdir(resolvePath(arg))).filter((name) => name.endsWith(".json") && !name.startsWith(".")).sort();
    if (names.length === 0) throw new CliError(`${arg}: no shard reports (.json files) in this folder`);
    files.push(...names.map((name) => join(arg, name)));
  }
  return files;
}

async function readShardReport(path: string): Promise<ShardReport> {
  let text: string;
  try {
    text = await readFile(resolvePath(path), "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new CliError(`${path}: ${code === "ENOENT" ? "no such file" : (error as Error).message}`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: invalid JSON (${(error as Error).message})`, { cause: error });
  }
  const shard = (value as { shard?: unknown } | null)?.shard;
  if (typeof value !== "object" || value === null || typeof shard !== "object" || shard === null) {
    throw new CliError(`${path}: not a shard report (write one with wai leak --shard i/N --out ${path})`);
  }
  for (const key of ["n", "n_sources", "threshold", "n_leaky", "max_similarity"] as const) {
    if (typeof (value as Record<string, unknown>)[key] !== "number") throw new CliError(`${path}: shard report field "${key}" is missing or not a number`);
  }
  if (!Array.isArray((value as { leaky?: unknown }).leaky)) throw new CliError(`${path}: shard report field "leaky" is missing or not a list`);
  return value as ShardReport;
}

/** Four decimals for the text summary, as the listed examples show them; --json keeps the exact value. */
function roundForText(value: number): number {
  return Number(value.toFixed(4));
}
