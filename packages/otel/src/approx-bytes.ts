/**
 * About how many bytes of memory a decoded JSON value holds: its strings by length, its objects
 * and arrays by their slots. An estimate, close enough to bound a buffer by memory rather than by
 * a count of spans whose size can differ a thousandfold.
 */

// V8's costs, roughly: a string's header, a heap number, an object's header and each of its slots.
const STRING = 16;
const NUMBER = 16;
const OBJECT = 32;
const SLOT = 16;
// Deeper than any real span; it also ends the walk of a value that contains itself.
const MAX_DEPTH = 64;

export function approxBytes(value: unknown, depth = 0): number {
  switch (typeof value) {
    case "string":
      return STRING + value.length;
    case "number":
    case "bigint":
      return NUMBER;
    case "object": {
      if (value === null) return 0;
      if (depth >= MAX_DEPTH) return OBJECT;
      let total = OBJECT;
      if (Array.isArray(value)) {
        for (const item of value) total += SLOT + approxBytes(item, depth + 1);
      } else {
        for (const key in value) total += SLOT + approxBytes((value as Record<string, unknown>)[key], depth + 1);
      }
      return total;
    }
    default:
      return 0;
  }
}
