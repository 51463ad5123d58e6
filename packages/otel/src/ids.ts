/**
 * A span's trace id as the grouping key. OTLP/JSON writes ids as hex; proto3's standard JSON
 * mapping (and some exporters) write the same 16 bytes as base64, and a decoder may hand raw
 * bytes. All three become the same hex text so one trace never splits in two. Any other value
 * is `str()` of it, as in Python; hex case is kept because the id can become `conversation_id`.
 */
import * as py from "@whileai/hash-embed/internal";

// Exactly 16 bytes of padded base64 (hex ids are 32 characters and never end in "==").
const BASE64_TRACE_ID = /^[A-Za-z0-9+/]{22}==$/;
const HEX = "0123456789abcdef";

export function traceIdOf(span: py.Dict): string {
  const raw = py.or(py.or(py.get(span, "traceId"), py.get(span, "trace_id")), "");
  if (raw instanceof Uint8Array) return bytesToHex(raw);
  if (typeof raw === "string") return raw.length === 24 && BASE64_TRACE_ID.test(raw) ? binaryToHex(atob(raw)) : raw;
  return py.pyStr(raw);
}

function bytesToHex(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i] >> 4] + HEX[bytes[i] & 15];
  return out;
}

/** `atob`'s one-character-per-byte string to hex. */
function binaryToHex(binary: string): string {
  let out = "";
  for (let i = 0; i < binary.length; i++) out += HEX[binary.charCodeAt(i) >> 4] + HEX[binary.charCodeAt(i) & 15];
  return out;
}
