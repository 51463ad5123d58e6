/**
 * Which shard one `wai leak` run scans: `--shard i/N` as given, or `--shard auto`, which takes the
 * index from the job runner that started this process (one process per shard) and the count from
 * `--shard-count` or, where the runner sets it, the runner too.
 */
import { InvalidArgumentError } from "commander";
import type { ShardSpec } from "@whileai/hash-embed";
import { CliError, UsageError } from "../errors.js";

export type ShardChoice = ShardSpec | "auto";

interface ShardRunner {
  name: string;
  /** The variable holding this process's 0-based index. */
  index: string;
  /** The variable holding the number of shards, where the runner sets one. */
  count?: string;
}

/** Runners that number their processes 0..N-1 in the environment; the first set wins only if all agree. */
export const SHARD_RUNNERS: readonly ShardRunner[] = [
  { name: "Kubernetes Indexed Job", index: "JOB_COMPLETION_INDEX" },
  { name: "Cloud Run job", index: "CLOUD_RUN_TASK_INDEX", count: "CLOUD_RUN_TASK_COUNT" },
  { name: "AWS Batch array job", index: "AWS_BATCH_JOB_ARRAY_INDEX" },
];

/** `--shard`'s value: `i/N` with 0 <= i < N, or `auto`. */
export function parseShard(value: string): ShardChoice {
  if (value.trim() === "auto") return "auto";
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (match === null) throw new InvalidArgumentError(`expected i/N such as 0/4, or auto, got ${JSON.stringify(value)}`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1) throw new InvalidArgumentError(`the shard count N must be at least 1, got ${count}`);
  if (index >= count) throw new InvalidArgumentError(`the shard index i must be below N (0..${count - 1}), got ${index}`);
  return { index, count };
}

/** The shard to scan, or undefined for the whole scan. `env` is the process's environment. */
export function resolveShard(choice: ShardChoice | undefined, shardCount: number | undefined, env: Record<string, string | undefined>): ShardSpec | undefined {
  if (choice !== "auto") {
    if (shardCount !== undefined) {
      throw new UsageError(choice === undefined ? "--shard-count goes with --shard auto" : "--shard-count goes with --shard auto; --shard i/N already names the count");
    }
    return choice;
  }
  const found = SHARD_RUNNERS.filter((runner) => (env[runner.index] ?? "") !== "");
  if (found.length === 0) {
    const names = SHARD_RUNNERS.map((runner) => `${runner.index} (${runner.name})`).join(", ");
    throw new CliError(`--shard auto: no shard index in the environment; expected one of ${names}`);
  }
  const indices = found.map((runner) => parseIndex(runner.index, env[runner.index] as string));
  if (new Set(indices).size > 1) {
    throw new CliError(`--shard auto: the environment names different shards: ${found.map((runner, i) => `${runner.index}=${indices[i]}`).join(", ")}`);
  }
  const from = found[0];
  const count = shardCountOf(found, shardCount, env);
  const index = indices[0];
  if (index >= count) throw new CliError(`--shard auto: ${from.index}=${index} is not below the shard count ${count}`);
  return { index, count };
}

function parseIndex(name: string, value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new CliError(`--shard auto: ${name} is ${JSON.stringify(value)}, not a shard index (0, 1, 2, ...)`);
  return Number(value.trim());
}

/** `--shard-count`, or the runner's own count; when both are there they must agree. */
function shardCountOf(found: readonly ShardRunner[], shardCount: number | undefined, env: Record<string, string | undefined>): number {
  const fromEnv = found.find((runner) => runner.count !== undefined && (env[runner.count] ?? "") !== "");
  if (fromEnv === undefined) {
    if (shardCount === undefined) throw new UsageError(`--shard auto needs --shard-count N: ${found[0].index} gives the index only (for a Kubernetes Indexed Job, N is its completions)`);
    return shardCount;
  }
  const name = fromEnv.count as string;
  const value = (env[name] as string).trim();
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new CliError(`--shard auto: ${name} is ${JSON.stringify(env[name])}, not a shard count (1, 2, ...)`);
  const count = Number(value);
  if (shardCount !== undefined && shardCount !== count) throw new CliError(`--shard auto: --shard-count ${shardCount} disagrees with ${name}=${count}`);
  return count;
}

/** Where a shard's part goes when `--out` names a folder (ends in a slash, or exists as one): sorted by index when listed. */
export function partFileName(shard: ShardSpec): string {
  const width = String(shard.count - 1).length;
  return `leak-shard-${String(shard.index).padStart(width, "0")}-of-${shard.count}.json`;
}
