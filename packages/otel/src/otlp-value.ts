/**
 * One OTLP `AnyValue` to a plain value, as the Python `_otlp_value` does (§5.3), plus the two
 * encodings Python leaves undecoded: `kvlistValue` becomes an object and `bytesValue` base64
 * text. Those two only apply where Python would hand back the wrapper object itself, which no
 * reader can use, so no Python answer changes.
 */
import * as py from "@whileai/hash-embed/internal";

export function otlpValue(value: unknown): unknown {
  if (!py.isDict(value)) return value;
  // Python's order: stringValue, intValue, doubleValue, boolValue; the first present wins. Spelled
  // out, not a loop over the names: a named load is a cached one, a load by a varying name is not,
  // and this runs once per attribute. None of the names is on Object.prototype, so "present" is
  // "not undefined".
  let scalar = value.stringValue;
  if (scalar !== undefined) return scalar ?? null;
  scalar = value.intValue;
  if (scalar !== undefined) return scalar ?? null;
  scalar = value.doubleValue;
  if (scalar !== undefined) return scalar ?? null;
  scalar = value.boolValue;
  if (scalar !== undefined) return scalar ?? null;
  if (py.has(value, "arrayValue")) return Array.from(anyValues(value.arrayValue), otlpValue);
  if (py.has(value, "kvlistValue")) return kvlist(value.kvlistValue);
  if (py.has(value, "bytesValue")) return bytesText(value.bytesValue);
  return value;
}

/**
 * `arrayValue.values or []`. Python walks a string's characters and a dict's keys; a number or
 * a non-dict `arrayValue` would raise there, and reads as no values here.
 */
function anyValues(array: unknown): Iterable<unknown> {
  if (!py.isDict(array)) return [];
  const values = array.values;
  if (typeof values === "string") return values;
  if (py.isDict(values)) return Object.keys(values);
  return py.pyItems(values);
}

/** `{values: [{key, value}]}` to an object; later keys overwrite earlier ones, as for attributes. */
function kvlist(list: unknown): unknown {
  const out: Record<string, unknown> = {};
  if (!py.isDict(list)) return out;
  for (const item of py.pyItems(list.values)) {
    if (py.isDict(item) && typeof item.key === "string") defineValue(out, item.key, otlpValue(item.value ?? null));
  }
  return out;
}

/** Sets a key as data even when it is `__proto__`, as JSON.parse does. */
export function defineValue(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** OTLP/JSON already writes bytes as base64; raw bytes (a decoder's Uint8Array) are encoded the same way. */
function bytesText(bytes: unknown): unknown {
  if (typeof bytes === "string") return bytes;
  if (bytes instanceof Uint8Array) {
    let binary = "";
    for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary);
  }
  return bytes ?? null;
}
