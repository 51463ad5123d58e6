/**
 * google.rpc.Status as protobuf bytes, the body of an OTLP/HTTP error answer: `code` (field 1,
 * int32) and `message` (field 2, string). Two fields do not need a protobuf library.
 */
export function encodeRpcStatus(code: number, message: string): Uint8Array {
  const text = new TextEncoder().encode(message);
  const out: number[] = [];
  if (code !== 0) out.push(0x08, ...varint(code));
  if (text.length > 0) out.push(0x12, ...varint(text.length));
  const bytes = new Uint8Array(out.length + (text.length > 0 ? text.length : 0));
  bytes.set(out);
  if (text.length > 0) bytes.set(text, out.length);
  return bytes;
}

/** A non-negative int32 as a varint (the only codes OTLP sends). */
function varint(n: number): number[] {
  const out: number[] = [];
  let rest = n >>> 0;
  while (rest > 0x7f) {
    out.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  out.push(rest);
  return out;
}
