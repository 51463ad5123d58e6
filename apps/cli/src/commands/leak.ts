/**
 * `wai leak`: which generated rows are near copies of held-out sources (the exact scan of
 * `scanLeakage`, on worker threads), optionally one shard of it, and `--merge` to combine shards.
 */
import { readFile } from "node:fs/promises";
import { Option, InvalidArgumentError, type Command } from "commander";
import type { LeakageReport, LeakageScan, ShardReport, ShardSpec } from "@whileai/hash-embed";
import type { TraceRow } from "@whileai/traces";
import { collect, parseInteger, parseNumber, parsePositiveInteger } from "../args.js";
import { CliError, UsageError } from "../errors.js";
import { readInputs, reportInputs } from "../input/index.js";
import { LineSink, formatJson, isStdout, writeJson, writeText, writeTextFile } from "../output.js";
import { interruptSignal } from "../signals.js";
import { addInputOptions, readOptions, type InputFlags } from "./input-options.js";

interface LeakFlags extends InputFlags {
  generated?: string[];
  sources?: string[];
  merge?: string[];
  threshold?: number;
  examples?: number;
  threads?: number;
  kernel?: "auto" | "wasm" | "ts";
  shard?: ShardSpec;
  out?: string;
  dropTo?: string;
  json?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command("leak")
    .description("Leakage check: flag generated rows whose prompt is a near copy of a source prompt (exact cosine scan).")
    .option("--generated <file>", "the generated rows to check (repeatable; - for stdin)", collect)
    .option("--sources <file>", "the held-out rows they must not copy (repeatable)", collect)
    .option("--threshold <similarity>", "flag a row whose best cosine is at least this", parseNumber, 0.9)
    .option("--examples <n>", "flagged rows listed in the report", parseInteger, 20)
    .option("--threads <n>", "worker threads (default: the machine's available parallelism)", parsePositiveInteger)
    .addOption(new Option("--kernel <kernel>", "similarity kernel").choices(["auto", "wasm", "ts"]).default("auto"))
    .option("--shard <i/N>", "scan only shard i of N (rows with row % N == i); combine the parts with --merge", parseShard)
    .option("--out <report.json>", "also write the report JSON there")
    .option("--drop-to <clean.jsonl>", "write the generated rows that do not leak there, as canonical rows (whole scans only)")
    .option("--merge <parts...>", "merge shard reports (from --out or --json of each --shard run) into the whole scan's report")
    .option("--json", "print the report as JSON");
  // --threshold above is the leakage bar; the label threshold of the shared input options would clash.
  addInputOptions(command, { threshold: false })
    .addHelpText(
      "after",
      `
A row leaks when its prompt's best cosine to any source prompt (word+bigram hash embedding) is at
least --threshold, or it is a case- and whitespace-insensitive copy of one. Row and source numbers
in the report count the rows read (in input order), 0-based. A progress bar with rate and ETA is
drawn when stderr is a terminal. Ctrl-C stops the scan.

Example:
  $ wai leak --generated generated.jsonl --sources holdout.jsonl --drop-to clean.jsonl
  $ wai leak --generated g.jsonl --sources s.jsonl --shard 0/2 --out part0.json
  $ wai leak --generated g.jsonl --sources s.jsonl --shard 1/2 --out part1.json
  $ wai leak --merge part0.json part1.json --json`,
    )
    .action(async (flags: LeakFlags, command: Command) => {
      if (flags.merge !== undefined) return merge(flags, command);
      return scan(flags);
    });
}

/** `i/N` with 0 <= i < N. */
export function parseShard(value: string): ShardSpec {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (match === null) throw new InvalidArgumentError(`expected i/N such as 0/4, got ${JSON.stringify(value)}`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1) throw new InvalidArgumentError(`the shard count N must be at least 1, got ${count}`);
  if (index >= count) throw new InvalidArgumentError(`the shard index i must be below N (0..${count - 1}), got ${index}`);
  return { index, count };
}

async function scan(flags: LeakFlags): Promise<void> {
  if (flags.generated === undefined || flags.sources === undefined) {
    throw new UsageError("leak needs --generated and --sources (or --merge parts...)");
  }
  if (flags.generated.includes("-") && flags.sources.includes("-")) {
    throw new UsageError("stdin (-) can feed --generated or --sources, not both");
  }
  if (flags.shard !== undefined && flags.dropTo !== undefined) {
    throw new UsageError("--drop-to needs the whole scan: run without --shard, or merge the shards' reports with --merge");
  }
  // Ctrl-C from here on stops reading or scanning cleanly (workers ended, no partial files).
  const { signal, dispose } = interruptSignal();
  const { createScanProgressBar } = await import("../progress.js");
  const bar = createScanProgressBar(process.stderr);
  let result: LeakageScan;
  let generated: Awaited<ReturnType<typeof readInputs>>;
  try {
    const input = readOptions({ ...flags, threshold: undefined }, signal);
    generated = await readInputs(flags.generated, input);
    const sources = await readInputs(flags.sources, input);
    reportInputs([...generated.inputs, ...sources.inputs]);
    // Loaded here, not at the top: every other command starts faster without the scan's WebAssembly.
    const { scanLeakage } = await import("@whileai/hash-embed/node");
    result = await scanLeakage(generated.rows, sources.rows, {
      threshold: flags.threshold,
      examples: flags.examples,
      threads: flags.threads,
      kernel: flags.kernel,
      shard: flags.shard,
      signal,
      onProgress: bar.enabled ? (progress) => bar.update(progress) : undefined,
    });
  } finally {
    bar.stop();
    dispose();
  }

  if (flags.out !== undefined) await writeTextFile(flags.out, formatJson(result.report));
  let kept: number | undefined;
  if (flags.dropTo !== undefined) kept = await writeClean(flags.dropTo, generated.rows, result.flags);

  if (flags.json) {
    if (!(flags.dropTo !== undefined && isStdout(flags.dropTo)) && !(flags.out !== undefined && isStdout(flags.out))) writeJson(result.report);
    return;
  }
  const lines = formatScan(result, flags);
  if (kept !== undefined) lines.push(`dropped ${generated.rows.length - kept} leaky rows; wrote ${kept} clean rows to ${isStdout(flags.dropTo) ? "stdout" : flags.dropTo}`);
  if (flags.out !== undefined && !isStdout(flags.out)) lines.push(`report written to ${flags.out}`);
  const text = `${lines.join("\n")}\n`;
  // When rows or the report take stdout, the summary goes to stderr so the data stays clean.
  if ((flags.dropTo !== undefined && isStdout(flags.dropTo)) || (flags.out !== undefined && isStdout(flags.out))) process.stderr.write(text);
  else writeText(text);
}

/** The generated rows not flagged, in order. `flags` is indexed by row: a whole scan covers every row. */
async function writeClean(path: string, rows: readonly TraceRow[], flags: Uint8Array): Promise<number> {
  const sink = new LineSink(path);
  let kept = 0;
  for (let i = 0; i < rows.length; i++) {
    if (flags[i] === 1) continue;
    await sink.write(JSON.stringify(rows[i]));
    kept++;
  }
  await sink.close();
  return kept;
}

function formatScan(result: LeakageScan, flags: LeakFlags): string[] {
  const { report } = result;
  const shard = flags.shard === undefined ? "" : ` (shard ${flags.shard.index}/${flags.shard.count})`;
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
const SCAN_ONLY = ["generated", "sources", "shard", "dropTo", "threshold", "examples", "threads", "kernel", "rewardKey", "skipBadLines"];

async function merge(flags: LeakFlags, command: Command): Promise<void> {
  const given = SCAN_ONLY.filter((key) => command.getOptionValueSource(key) === "cli");
  if (given.length > 0) {
    const names = given.map((key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(", ");
    throw new UsageError(`--merge combines finished shard reports, scanned with their own options: drop ${names}`);
  }
  const parts: ShardReport[] = [];
  for (const path of flags.merge as string[]) parts.push(await readShardReport(path));
  const { mergeLeakageReports } = await import("@whileai/hash-embed");
  let report: LeakageReport;
  try {
    report = mergeLeakageReports(parts);
  } catch (error) {
    // The merge names the part by position; name the file instead.
    const message = (error as Error).message.replace(/^mergeLeakageReports: /, "").replace(/part (\d+)/g, (_, i: string) => (flags.merge as string[])[Number(i)] ?? `part ${i}`);
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
  if (flags.out !== undefined && isStdout(flags.out)) process.stderr.write(text);
  else writeText(text);
}

async function readShardReport(path: string): Promise<ShardReport> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
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
