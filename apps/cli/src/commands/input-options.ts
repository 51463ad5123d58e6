/**
 * The options every command that reads traces shares (`--reward-key`, `--threshold`,
 * `--skip-bad-lines`), added and read in one place so they mean the same everywhere.
 */
import { InvalidArgumentError, type Command } from "commander";
import { collect, parseNumber } from "../args.js";
import type { ReadInputOptions } from "../input/index.js";

export interface InputFlags {
  rewardKey?: string[];
  threshold?: number;
  skipBadLines?: boolean;
}

/** `threshold: false` leaves out `--threshold` for a command where it means something else (`wai leak`). */
export function addInputOptions(command: Command, { threshold = true }: { threshold?: boolean } = {}): Command {
  command.option("--reward-key <key>", "label column of the rows, tried in order when repeated (default: reward)", collectRewardKey);
  if (threshold) command.option("--threshold <number>", "numeric labels at or above it read as 1, below as 0", parseNumber);
  return command.option(
    "--skip-bad-lines",
    "skip what cannot be read instead of stopping: JSON Lines that are not JSON, CSV/TSV lines with the wrong number of fields or a bad quote, Parquet row groups that do not decode (each counted and reported on stderr)",
  );
}

export function readOptions(flags: InputFlags, signal?: AbortSignal): ReadInputOptions {
  return { rewardKey: flags.rewardKey, threshold: flags.threshold, onInvalid: flags.skipBadLines ? "skip" : "throw", signal };
}

/** A column name: an empty one can only be a shell quoting slip (`--reward-key "$UNSET"`). */
function collectRewardKey(value: string, previous: string[] | undefined): string[] {
  if (value.trim() === "") throw new InvalidArgumentError("expected a column name, got an empty string");
  return collect(value, previous);
}
