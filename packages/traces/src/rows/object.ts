/**
 * Key surgery on plain-object rows that keeps Python's dict order. New objects are built instead
 * of using `delete`, which drops V8 objects into slow dictionary mode for every later reader.
 */
import type { Dict } from "@whileai/hash-embed/internal";

/** `obj[key] = value`, storing a `"__proto__"` key as data, as JSON.parse does. */
export function setKey(obj: Dict, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** A shallow copy without `key`: Python's `d.pop(key)` on a copy. */
export function withoutKey(obj: Dict, key: string): Dict {
  // Object rest copies with CreateDataProperty, so a "__proto__" key stays data.
  const { [key]: _removed, ...rest } = obj;
  return rest;
}

/** A shallow copy where `from` is removed and its value stored under `to`, appended last. */
export function withKeyMoved(obj: Dict, from: string, to: string): Dict {
  const out = withoutKey(obj, from);
  setKey(out, to, obj[from]);
  return out;
}
