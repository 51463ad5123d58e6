/** `_tokens` (§5.3): a token count as `int(float(v))`, or null when it is no usable count. */
import * as py from "@whileai/hash-embed/internal";

export function tokenCount(value: unknown): number | null {
  if (value === null || value === undefined || typeof value === "boolean") return null;
  const x = py.pyFloat(value);
  if (x === null || Number.isNaN(x)) return null;
  // Python's int(float("inf")) raises OverflowError, which rows_from_otel does not catch.
  const n = py.pyInt(x);
  return n < 0 ? null : n;
}
