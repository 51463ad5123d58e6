/** The options of the row loaders, checked once at the boundary with a message naming the culprit. */
import { z } from "zod";
import type { RewardKey } from "../labels.js";

export interface LoadOptions {
  /** The label column(s), tried in order; a named key replaces the default `reward`. */
  rewardKey?: RewardKey;
  /** A bar for numeric labels: `value >= threshold` reads as 1, below it as 0. */
  threshold?: number | string | boolean | null;
}

// Values are checked where Python uses them (labels.ts): a bad threshold only raises once a row
// holds a number, as in Python. Here we catch shape mistakes such as the Python spelling `reward_key`.
export const LoadOptionsSchema = z.strictObject({ rewardKey: z.unknown().optional(), threshold: z.unknown().optional() });

/** `schema.parse(options)`, throwing a TypeError that names the function and the bad option. */
export function parseOptions<T>(schema: z.ZodType<T>, options: unknown, fn: string): T {
  const parsed = schema.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    issue.code === "unrecognized_keys"
      ? `unknown option ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`
      : issue.path.length
        ? `option ${issue.path.join(".")}: ${issue.message}`
        : `options: ${issue.message}`,
  );
  throw new TypeError(`${fn}: ${problems.join("; ")}`);
}
