/** The options of the row loaders, checked once at the boundary with a message naming the culprit. */
import * as z from "zod/mini";
import type { RewardKey } from "../labels.js";

export interface LoadOptions {
  /** The label column(s), tried in order; a named key replaces the default `reward`. */
  rewardKey?: RewardKey;
  /** A bar for numeric labels: `value >= threshold` reads as 1, below it as 0. */
  threshold?: number | string | boolean | null;
}

// Values are checked where Python uses them (labels.ts): a bad threshold only raises once a row
// holds a number, as in Python. Here we catch shape mistakes such as the Python spelling `reward_key`.
export const LoadOptionsSchema = z.strictObject({ rewardKey: z.optional(z.unknown()), threshold: z.optional(z.unknown()) });

/** `schema.parse(options)`, throwing a TypeError that names the function and the bad option. */
export function parseOptions<T>(schema: z.ZodMiniType<T>, options: unknown, fn: string): T {
  const input = options ?? {};
  const valid = schema.safeParse(input);
  if (valid.success) return valid.data;
  // Parsed again for the words: a per-parse error map costs every parse about 1 µs more.
  const parsed = schema.safeParse(input, { error: englishMessage });
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

// zod/mini loads no locale (its messages would all read "Invalid input"), and loading zod's English
// one globally would bring back the size zod/mini saves. These are zod's English words for the
// issues option schemas raise, given to each parse; a schema's own message still comes first.
// The helpers below are written out because reaching zod's own (`z.core.util`) would make
// bundlers keep all of zod.
function englishMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      return `Invalid input: expected ${issue.expected}, received ${typeName(issue.input)}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `Invalid input: expected ${literal(issue.values[0])}`
        : `Invalid option: expected one of ${issue.values.map(literal).join("|")}`;
    case "too_small":
      return `Too small: expected ${issue.origin} to be ${issue.exact ? "exactly " : issue.inclusive ? ">=" : ">"}${issue.minimum.toString()}`;
    case "too_big":
      return `Too big: expected ${issue.origin} to be ${issue.exact ? "exactly " : issue.inclusive ? "<=" : "<"}${issue.maximum.toString()}`;
    default:
      return undefined;
  }
}

/** What zod's English messages call a value's type: NaN and the infinities by name, a class instance by its class. */
export function typeName(input: unknown): string {
  if (typeof input === "number" && !Number.isFinite(input)) return String(input);
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  if (typeof input === "object") {
    const proto: unknown = Object.getPrototypeOf(input);
    const ctor: unknown = (input as { constructor?: unknown }).constructor;
    if (proto !== Object.prototype && typeof ctor === "function" && ctor.name) return ctor.name;
  }
  return typeof input;
}

/** An allowed value as zod's English messages show it: strings quoted, bigints with `n`. */
function literal(value: unknown): string {
  if (typeof value === "string") return `"${value}"`;
  return typeof value === "bigint" ? `${value}n` : String(value);
}
