/** Python's `int(x)` for the JSON values a reply may carry (counts such as `sizeBytes`, `pages`). */
import { py } from "@whileai/traces";

const INT_TEXT = /^[+-]?\d+(?:_\d+)*$/;

export function pyInt(x: unknown): number {
  if (typeof x === "boolean") return x ? 1 : 0;
  if (typeof x === "number") {
    if (!Number.isFinite(x)) throw new Error(`cannot convert float ${py.pyRepr(x)} to integer`);
    return Math.trunc(x);
  }
  if (typeof x === "string") {
    const text = py.pyStrip(x);
    if (INT_TEXT.test(text)) return Number(text.replace(/_/g, ""));
    throw new Error(`invalid literal for int() with base 10: ${py.pyStringRepr(x)}`);
  }
  throw new Error(`int() argument must be a string, a bytes-like object or a real number, not '${x === null ? "NoneType" : typeof x}'`);
}
