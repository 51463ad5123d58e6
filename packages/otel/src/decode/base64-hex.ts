/**
 * Base64 to lowercase hex, for trace and span ids: protobufjs hands bytes fields out as base64
 * (right for `bytesValue`), but OTLP/JSON writes ids as hex.
 */
const HEX = "0123456789abcdef";
const SEXTET = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  SEXTET["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".charCodeAt(i)] = i;
}
SEXTET["-".charCodeAt(0)] = 62; // base64url, in case a producer used it
SEXTET["_".charCodeAt(0)] = 63;

export function base64ToHex(b64: string): string {
  let out = "";
  let bits = 0;
  let nbits = 0;
  for (let i = 0; i < b64.length; i++) {
    const c = b64.charCodeAt(i);
    if (c === 61) break; // '=' padding ends the data
    const v = c < 128 ? SEXTET[c] : -1;
    if (v < 0) throw new Error(`not base64 at character ${i + 1}: ${JSON.stringify(b64[i])}`);
    bits = ((bits << 6) | v) & 0xfff;
    nbits += 6;
    if (nbits >= 8) {
      nbits -= 8;
      const byte = (bits >> nbits) & 0xff;
      out += HEX[byte >> 4] + HEX[byte & 15];
    }
  }
  return out;
}
