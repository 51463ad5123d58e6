/**
 * `wai leak`: which generated rows are near copies of held-out sources (the exact scan of
 * `scanLeakage`, on worker threads), optionally one shard of it, and `--merge` to combine shards.
 * This module only declares the command; the work is in `leak-run.ts`, loaded when it runs.
 */
import { Option, type Command } from "commander";
import { collect, parseInteger, parseNumber, parsePositiveInteger } from "../args.js";
import { addInputOptions, type InputFlags } from "./input-options.js";
import { parseShard, SHARD_RUNNERS, type ShardChoice } from "./leak-shard.js";

export interface LeakFlags extends InputFlags {
  generated?: string[];
  sources?: string[];
  merge?: string[];
  threshold?: number;
  examples?: number;
  threads?: number;
  kernel?: "auto" | "wasm" | "ts";
  shard?: ShardChoice;
  shardCount?: number;
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
    .option("--shard <i/N|auto>", `scan only shard i of N (rows with row % N == i); auto: i from the job runner's environment (${SHARD_RUNNERS.map((runner) => runner.index).join(", ")}); combine the parts with --merge`, parseShard)
    .option("--shard-count <N>", "with --shard auto: how many shards the job runs (a Kubernetes Indexed Job's completions)", parsePositiveInteger)
    .option("--out <report.json|folder/>", "also write the report JSON there; with --shard, a folder (an existing one, or a path ending in /) gets leak-shard-<i>-of-<N>.json")
    .option("--drop-to <clean.jsonl>", "write the generated rows that do not leak there, as canonical rows (whole scans only; JSON Lines, or .parquet / .csv / .tsv by the extension)")
    .option("--merge <parts...>", "merge shard reports (files from --out or --json of each --shard run, or folders of them) into the whole scan's report")
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
  $ wai leak --merge part0.json part1.json --json

In a Kubernetes Indexed Job (docs/sharded-leak-scan.md), every pod runs
  $ wai leak --generated g.jsonl --sources s.jsonl --shard auto --shard-count 8 --out /parts/
and a last step runs
  $ wai leak --merge /parts/ --out report.json`,
    )
    .action(async (flags: LeakFlags, command: Command) => {
      const { runLeak } = await import("./leak-run.js");
      await runLeak(flags, command);
    });
}
