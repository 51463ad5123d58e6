import { isGzip } from "./gzip.js";

/** What an OTLP body is: gzip to inflate first, JSON text (one object or JSON Lines), or protobuf. */
export type OtlpBodyKind = "gzip" | "text" | "protobuf";

export interface OtlpBodyHints {
  /** HTTP Content-Type, e.g. `application/x-protobuf` or `application/json; charset=utf-8`. */
  contentType?: string | null;
  /** HTTP Content-Encoding, e.g. `gzip`. */
  contentEncoding?: string | null;
}

const PROTOBUF_TYPES = new Set(["application/x-protobuf", "application/protobuf", "application/vnd.google.protobuf", "application/octet-stream"]);

/**
 * What a Content-Encoding header asks for: `"identity"` (absent, empty or `identity`), `"gzip"`
 * (`gzip`, `x-gzip`, any case), or null for anything else (`br`, `deflate`, a stack such as
 * `gzip, br`), which OTLP/HTTP never sends and no decoder here reads: answer it 415.
 */
export function otlpContentEncoding(header: string | null | undefined): "identity" | "gzip" | null {
  const encoding = (header ?? "").trim().toLowerCase();
  if (encoding === "" || encoding === "identity") return "identity";
  return encoding === "gzip" || encoding === "x-gzip" ? "gzip" : null;
}

/**
 * Tell the kind from the HTTP headers when they say, else from the first bytes. `prefix` needs
 * only the start of the body (64 bytes are plenty), so streams can be sniffed.
 *
 * Why the byte test works: a protobuf ExportTraceServiceRequest starts with tag 0x0a (also "\n")
 * followed by lengths and tags below 0x20, while JSON text has no raw control characters other
 * than tab, CR and LF. So: text iff, after an optional BOM and white space, it starts with `{`
 * and the prefix holds no other control byte.
 */
export function sniffOtlpBody(prefix: Uint8Array, hints: OtlpBodyHints = {}): OtlpBodyKind {
  if (otlpContentEncoding(hints.contentEncoding) === "gzip" || isGzip(prefix)) return "gzip";
  const type = (hints.contentType ?? "").split(";")[0].trim().toLowerCase();
  if (PROTOBUF_TYPES.has(type)) return "protobuf";
  if (type === "application/json" || type.endsWith("+json") || type.includes("jsonl") || type.includes("ndjson")) return "text";
  return looksLikeJsonText(prefix) ? "text" : "protobuf";
}

function looksLikeJsonText(prefix: Uint8Array): boolean {
  let i = prefix[0] === 0xef && prefix[1] === 0xbb && prefix[2] === 0xbf ? 3 : 0;
  while (i < prefix.length && (prefix[i] === 0x20 || prefix[i] === 0x09 || prefix[i] === 0x0a || prefix[i] === 0x0d)) i++;
  if (prefix[i] !== 0x7b) return false;
  for (let j = i; j < prefix.length && j < i + 64; j++) {
    const b = prefix[j];
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  }
  return true;
}
