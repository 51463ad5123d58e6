/**
 * A table cell as the JSON value a JSON Lines line would hold. Tabular files store a union of
 * keys (every struct has every field), so a null field is an absent key; 64-bit integers stay
 * numbers when a double holds them exactly, else become decimal strings; timestamps become ISO
 * strings and binary becomes base64.
 */

export function jsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case "bigint":
      return bigintValue(value);
    case "object":
      break;
    default:
      return value;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return base64(value);
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return Array.from(value as ArrayLike<unknown>, jsonValue);
  if (value instanceof Map) return jsonObject(value.entries());
  return jsonObject(Object.entries(value));
}

/** The cells of one table row; a null cell is an absent key, as a JSON Lines line would leave it out. */
export function jsonObject(entries: Iterable<[unknown, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, cell] of entries) {
    const value = jsonValue(cell);
    if (value !== null) out[String(key)] = value;
  }
  return out;
}

/** A number when the double holds exactly this integer, else its decimal digits: nothing is rounded. */
function bigintValue(value: bigint): number | string {
  const number = Number(value);
  return BigInt(number) === value ? number : value.toString();
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Standard base64 with padding; `btoa` needs a binary string first, which costs more than this. */
export function base64(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += BASE64[n >> 18] + BASE64[(n >> 12) & 63] + BASE64[(n >> 6) & 63] + BASE64[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) out += BASE64[bytes[i] >> 2] + BASE64[(bytes[i] & 3) << 4] + "==";
  else if (rest === 2) out += BASE64[bytes[i] >> 2] + BASE64[((bytes[i] & 3) << 4) | (bytes[i + 1] >> 4)] + BASE64[(bytes[i + 1] & 15) << 2] + "=";
  return out;
}
