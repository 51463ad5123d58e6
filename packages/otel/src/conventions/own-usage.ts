/**
 * Token counts an emitter writes in a shape of its own (not the keys Python sums). Read as
 * `_tokens` reads a count, except that an infinite count is no count: Python never reads
 * these, so it has no error to raise for them.
 */
import { tokenCount } from "../tokens.js";

export interface OwnUsage {
  readonly input: number | null;
  readonly output: number | null;
}

export function ownUsage(input: unknown, output: unknown): OwnUsage | null {
  const usage = { input: count(input), output: count(output) };
  return usage.input === null && usage.output === null ? null : usage;
}

function count(value: unknown): number | null {
  try {
    return tokenCount(value);
  } catch {
    return null;
  }
}
