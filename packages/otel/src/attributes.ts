/** A span's attributes and the Python helpers that read them: `_first` and `_parse` (§5.3). */
import * as py from "@whileai/hash-embed/internal";
import { otlpValue } from "./otlp-value.js";

/** Attribute name to decoded value. Only string names are kept: no lookup could find another. */
export type Attributes = ReadonlyMap<string, unknown>;

const NO_ATTRIBUTES: Attributes = new Map();

/**
 * A flat dict (platform-gate dumps) is used as-is with its values undecoded; otherwise a list of
 * `{key, value}` items, later duplicates overwriting earlier ones. Python raises on an
 * unhashable key or a non-iterable `attributes`; such pieces are skipped here instead.
 */
export function decodeAttributes(attributes: unknown): Attributes {
  if (py.isDict(attributes)) {
    const out = new Map<string, unknown>();
    for (const key of Object.keys(attributes)) if (attributes[key] !== undefined) out.set(key, attributes[key]);
    return out;
  }
  if (!Array.isArray(attributes)) return NO_ATTRIBUTES;
  const out = new Map<string, unknown>();
  for (let i = 0; i < attributes.length; i++) {
    const item: unknown = attributes[i];
    if (typeof item !== "object" || item === null) continue;
    // Neither "key" nor "value" is on Object.prototype, so a dict's own fields are these reads;
    // the cheap name check goes before the prototype check.
    const key = (item as py.Dict).key;
    if (typeof key !== "string" || !py.isDict(item)) continue;
    const value = item.value;
    out.set(key, otlpValue(value === undefined ? null : value));
  }
  return out;
}

/** A span's own `attributes`. */
export function spanAttributes(span: py.Dict): Attributes {
  return decodeAttributes(py.get(span, "attributes"));
}

/** `_first`: the first value that is neither None nor `""` (0 and False count as present). */
export function first(attrs: Attributes, keys: Iterable<string>): unknown {
  for (const key of keys) {
    const value = attrs.get(key);
    if (value !== undefined && value !== null && value !== "") return value;
  }
  return null;
}

/** `_parse`: a string that looks like a JSON container is parsed; anything else comes back unchanged. */
export function parseValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const stripped = py.pyStrip(value);
  const head = stripped[0];
  if (head !== "[" && head !== "{") return value;
  return py.pyJsonLoadsOr(stripped, value);
}
