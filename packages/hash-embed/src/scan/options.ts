/** The options of `scanLeakage`, checked before any work starts so a typo fails fast. */
import * as z from "zod/mini";
import type { KernelChoice } from "./kernel.js";
import type { ScanProgress } from "./progress.js";

/** Defaults of the Python SDK: `TRACE_LEAK_THRESHOLD` and `TRACE_LEAK_EXAMPLES`. */
export const DEFAULT_THRESHOLD = 0.9;
export const DEFAULT_EXAMPLES = 20;

export interface ShardSpec {
  /** This machine's slice, 0 <= index < count. */
  index: number;
  count: number;
}

export interface ScanLeakageOptions {
  /** Flag a row whose best similarity is >= min(threshold, 1.0); default 0.9. */
  threshold?: number;
  /** At most this many flagged rows listed in `report.leaky`; default 20. */
  examples?: number;
  /** Threads scanning (worker threads, Node entry only); default 1 here. */
  threads?: number;
  /** "auto" (default): WebAssembly SIMD where available, else TypeScript. */
  kernel?: KernelChoice;
  /** Stops the scan between chunks; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called after every chunk of generated rows. */
  onProgress?: (progress: ScanProgress) => void;
  /** Scan only rows with `row % count === index`; merge the parts with `mergeLeakageReports`. */
  shard?: ShardSpec;
}

/** A number passing `ok`, with a message that names the field and shows what was given. */
const numberWhere = (what: string, ok: (x: number) => boolean, rule: string) =>
  z.custom<number>((x) => typeof x === "number" && ok(x), { error: (issue) => `${what} must be ${rule}, got ${shown(issue.input)}` });

function shown(x: unknown): string {
  if (typeof x === "number" || typeof x === "bigint") return typeof x === "bigint" ? `${x}n` : String(x);
  return JSON.stringify(x) ?? String(x);
}

const positiveInt = (what: string) => numberWhere(what, (x) => Number.isSafeInteger(x) && x >= 1, "an integer >= 1");

// Every schema here carries its own message: zod/mini loads no locale, so zod's own would read
// "Invalid input", and loading its English one would bring back the size zod/mini saves.
const OptionsSchema = z.strictObject(
  {
    threshold: z.optional(numberWhere("threshold", Number.isFinite, "a finite number")),
    examples: z.optional(numberWhere("examples", (x) => Number.isSafeInteger(x) && x >= 0, "an integer >= 0")),
    threads: z.optional(positiveInt("threads")),
    kernel: z.optional(z.enum(["auto", "wasm", "ts"], { error: (issue) => `kernel must be "auto", "wasm" or "ts", got ${shown(issue.input)}` })),
    signal: z.optional(z.custom<AbortSignal>((x) => typeof AbortSignal === "function" && x instanceof AbortSignal, { error: "signal must be an AbortSignal" })),
    onProgress: z.optional(z.custom<(p: ScanProgress) => void>((x) => typeof x === "function", { error: "onProgress must be a function" })),
    shard: z.optional(
      z
        .strictObject(
          // index is checked by the refine below, so a missing one gets that message too.
          { index: z.optional(z.unknown()), count: positiveInt("shard.count") },
          { error: (issue) => (issue.code === "invalid_type" ? `shard must be an object { index, count }, got ${shown(issue.input)}` : undefined) },
        )
        .check(
          z.refine((s) => typeof s.index === "number" && Number.isSafeInteger(s.index) && s.index >= 0 && s.index < s.count, {
            error: (issue) => `shard.index must be an integer in [0, shard.count), got ${shown(issue.input)}`,
          }),
        ),
    ),
  },
  { error: (issue) => (issue.code === "invalid_type" ? `options must be an object, got ${shown(issue.input)}` : undefined) },
);

export interface ResolvedOptions {
  threshold: number;
  examples: number;
  threads: number;
  kernel: KernelChoice;
  signal: AbortSignal | undefined;
  onProgress: ((progress: ScanProgress) => void) | undefined;
  shard: ShardSpec | undefined;
}

/** Validated options with defaults; throws a TypeError naming the bad field. */
export function resolveOptions(options: ScanLeakageOptions | undefined, fn: string): ResolvedOptions {
  const parsed = OptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue.code === "unrecognized_keys" ? `unknown option ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}` : issue.message;
    throw new TypeError(`${fn}: ${message}`);
  }
  const o = parsed.data;
  return {
    threshold: o.threshold ?? DEFAULT_THRESHOLD,
    examples: o.examples ?? DEFAULT_EXAMPLES,
    threads: o.threads ?? 1,
    kernel: o.kernel ?? "auto",
    signal: o.signal,
    onProgress: o.onProgress,
    shard: o.shard as ShardSpec | undefined,
  };
}
