/** `_tokens` (§5.3): a token count as `int(float(v))`, or null when it is no usable count. */
import { py } from "@whileai/traces";

export function tokenCount(value: unknown): number | null {
  if (value === null || value === undefined || typeof value === "boolean") return null;
  const x = py.pyFloat(value);
  if (x === null || Number.isNaN(x)) return null;
  // Python's int(float("inf")) raises OverflowError, which rows_from_otel does not catch.
  if (!Number.isFinite(x)) throw new RangeError("cannot convert float infinity to integer");
  const n = Math.trunc(x) + 0;
  return n < 0 ? null : n;
}
