/**
 * The protobuf wire format, read by hand for the generated OTLP decoder
 * (otlp-protobuf.generated.ts): varints, fixed-width numbers, length-delimited bytes, unknown
 * fields skipped. Values come out already in their proto3-JSON form (64-bit integers as decimal
 * strings, ids as hex, bytes as base64), so no second pass converts them. Nothing here builds code
 * at run time, which lets a page's Content-Security-Policy forbid eval.
 *
 * Every read is bounded by `end`, the end of the message being read: a field running past it is
 * truncation, reported with its byte offset.
 */

/** protoc's default recursion limit (CodedInputStream), which protobufjs kept too. */
export const MAX_DEPTH = 100;

/** A malformed body: where, and why. The field path is filled in on the way out. */
export class WireError extends Error {
  readonly offset: number;
  /** JSON keys from the request down to the field that failed, outermost first. */
  readonly path: string[] = [];

  constructor(reason: string, offset: number) {
    super(reason);
    this.offset = offset;
  }
}

/** Adds the field being read (by the JSON key of its number) to an error passing through a message. */
export function within(error: unknown, keys: { readonly [field: number]: string }, tag: number): unknown {
  if (error instanceof WireError) {
    const key = keys[tag >>> 3];
    if (key !== undefined) error.path.unshift(key);
  }
  return error;
}

const HEX_BYTE: string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
// proto3 strings must be UTF-8, and are checked (as protobufjs did); ignoreBOM: a leading U+FEFF is kept.
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/**
 * Strings up to this many bytes go through STRING_CACHE. Attribute keys, span names, scope and
 * service names repeat on every span; handing back the string made the last time saves its
 * allocation, and the garbage collector's copying of it, which is most of what decoding costs.
 * 128, not less: OpenInference's flattened keys (`llm.input_messages.3.message.tool_calls.0.
 * tool_call.function.arguments`) run to 80 bytes and repeat as much as short ones, and an ASCII
 * string read here, cached or not, costs less than a call into TextDecoder.
 */
const SHORT_STRING = 128;
const CACHE_SIZE = 4096;
const STRING_CACHE: string[] = new Array<string>(CACHE_SIZE).fill("");

export class WireReader {
  readonly buf: Uint8Array;
  pos = 0;
  private readonly view: DataView;

  constructor(buf: Uint8Array) {
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  /** A field's tag (number << 3 | wire type), as a varint of at most 32 bits. */
  tag(end: number): number {
    const buf = this.buf;
    let pos = this.pos;
    if (pos + 5 > end) return this.tagNearEnd(end);
    let b = buf[pos++];
    let value = b & 127;
    if (b >= 128) {
      b = buf[pos++];
      value |= (b & 127) << 7;
      if (b >= 128) {
        b = buf[pos++];
        value |= (b & 127) << 14;
        if (b >= 128) {
          b = buf[pos++];
          value |= (b & 127) << 21;
          if (b >= 128) {
            b = buf[pos++];
            if (b >= 16) throw new WireError("invalid tag: more than 32 bits", this.pos);
            value = (value | (b << 28)) >>> 0;
          }
        }
      }
    }
    this.pos = pos;
    return value;
  }

  private tagNearEnd(end: number): number {
    const start = this.pos;
    const value = this.varint32(end);
    if (this.pos - start > 5 || (this.pos - start === 5 && this.buf[this.pos - 1] >= 16)) throw new WireError("invalid tag: more than 32 bits", start);
    return value;
  }

  /** A varint's low 32 bits, unsigned (uint32, and what bool and enum values are read from). */
  varint32(end: number): number {
    const buf = this.buf;
    let pos = this.pos;
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (pos >= end) throw this.truncated("a varint", end);
      const b = buf[pos++];
      value |= (b & 127) << shift;
      if (b < 128) {
        this.pos = pos;
        return value >>> 0;
      }
    }
    // Bits 32 to 63 of a 10-byte varint are read and dropped, as uint32 does.
    for (let i = 0; i < 5; i++) {
      if (pos >= end) throw this.truncated("a varint", end);
      if (buf[pos++] < 128) {
        this.pos = pos;
        return value >>> 0;
      }
    }
    throw new WireError("invalid varint: more than 10 bytes", this.pos);
  }

  /** The length of a length-delimited field, checked to fit in the message: returns where the field ends. */
  delimited(end: number): number {
    const start = this.pos;
    const length = this.varint32(end);
    if (this.pos - start > 5 || length > 0x7fffffff) throw new WireError("invalid length: over 2 GiB", start);
    const stop = this.pos + length;
    if (stop > end) throw new WireError(`truncated: ${length} bytes from offset ${this.pos} run past the message's end at ${end}`, this.pos);
    return stop;
  }

  bool(end: number): boolean {
    return this.varint32(end) !== 0;
  }

  /** An enum value: int32, so a negative number reads as one. */
  enumValue(end: number): number {
    return this.varint32(end) | 0;
  }

  /** int64 as a signed decimal string (proto3 JSON writes 64-bit integers as strings). */
  int64(end: number): string {
    const buf = this.buf;
    let pos = this.pos;
    let lo = 0;
    let hi = 0;
    let b = 0;
    let done = false;
    for (let shift = 0; shift < 28; shift += 7) {
      if (pos >= end) throw this.truncated("a varint", end);
      b = buf[pos++];
      lo |= (b & 127) << shift;
      if (b < 128) {
        done = true;
        break;
      }
    }
    if (!done) {
      if (pos >= end) throw this.truncated("a varint", end);
      b = buf[pos++];
      lo |= (b & 15) << 28;
      hi = (b & 127) >> 4;
      for (let shift = 3; b >= 128 && shift < 32; shift += 7) {
        if (pos >= end) throw this.truncated("a varint", end);
        b = buf[pos++];
        hi |= (b & 127) << shift;
      }
      if (b >= 128) throw new WireError("invalid varint: more than 10 bytes", this.pos);
    }
    this.pos = pos;
    return signedDecimal(lo >>> 0, hi >>> 0);
  }

  fixed32(end: number): number {
    if (this.pos + 4 > end) throw this.truncated("4 bytes", end);
    const value = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return value;
  }

  /** fixed64 as an unsigned decimal string. */
  fixed64(end: number): string {
    if (this.pos + 8 > end) throw this.truncated("8 bytes", end);
    const lo = this.view.getUint32(this.pos, true);
    const hi = this.view.getUint32(this.pos + 4, true);
    this.pos += 8;
    return unsignedDecimal(lo, hi);
  }

  /** A double; NaN and the infinities as the strings proto3 JSON writes for them. */
  double(end: number): number | string {
    if (this.pos + 8 > end) throw this.truncated("8 bytes", end);
    const value = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return Number.isFinite(value) ? value : String(value);
  }

  /** UTF-8 text of a length-delimited field; ill-formed UTF-8 is an error. */
  string(end: number): string {
    const stop = this.delimited(end);
    const start = this.pos;
    this.pos = stop;
    return stop - start <= SHORT_STRING ? shortString(this.buf, start, stop) : utf8(this.buf, start, stop);
  }

  /** A bytes field as lowercase hex (trace and span ids in OTLP/JSON). */
  hex(end: number): string {
    const stop = this.delimited(end);
    const start = this.pos;
    this.pos = stop;
    return stop - start <= ID_BYTES ? idHex(this.buf, start, stop) : longHex(this.buf, start, stop);
  }

  /** A bytes field as padded base64 (proto3 JSON's form for bytes). */
  base64(end: number): string {
    const stop = this.delimited(end);
    const buf = this.buf;
    let out = "";
    let pos = this.pos;
    for (; pos + 2 < stop; pos += 3) {
      const n = (buf[pos] << 16) | (buf[pos + 1] << 8) | buf[pos + 2];
      out += BASE64[n >> 18] + BASE64[(n >> 12) & 63] + BASE64[(n >> 6) & 63] + BASE64[n & 63];
    }
    if (stop - pos === 1) {
      const n = buf[pos] << 16;
      out += BASE64[n >> 18] + BASE64[(n >> 12) & 63] + "==";
    } else if (stop - pos === 2) {
      const n = (buf[pos] << 16) | (buf[pos + 1] << 8);
      out += BASE64[n >> 18] + BASE64[(n >> 12) & 63] + BASE64[(n >> 6) & 63] + "=";
    }
    this.pos = stop;
    return out;
  }

  /** Skips a field this decoder does not read (unknown, or known with another wire type). */
  skip(tag: number, end: number, depth: number): void {
    const start = this.pos;
    if (tag >>> 3 === 0) throw new WireError("invalid tag: field number 0", start);
    switch (tag & 7) {
      case 0:
        this.varint32(end);
        return;
      case 1:
        if (this.pos + 8 > end) throw this.truncated("8 bytes", end);
        this.pos += 8;
        return;
      case 2:
        this.pos = this.delimited(end);
        return;
      case 3:
        this.skipGroup(tag >>> 3, end, depth + 1);
        return;
      case 5:
        if (this.pos + 4 > end) throw this.truncated("4 bytes", end);
        this.pos += 4;
        return;
      default:
        throw new WireError(`invalid wire type ${tag & 7} (field ${tag >>> 3})`, start);
    }
  }

  /** A proto2 group (deprecated, still skippable): fields up to the end-group tag of the same number. */
  private skipGroup(field: number, end: number, depth: number): void {
    if (depth > MAX_DEPTH) throw new WireError(`nested deeper than ${MAX_DEPTH} levels`, this.pos);
    for (;;) {
      const at = this.pos;
      const tag = this.tag(end);
      if ((tag & 7) === 4) {
        if (tag >>> 3 !== field) throw new WireError(`group ${field} closed by an end-group tag of field ${tag >>> 3}`, at);
        return;
      }
      this.skip(tag, end, depth);
    }
  }

  private truncated(what: string, end: number): WireError {
    return new WireError(`truncated: ${what} at offset ${this.pos} runs past the message's end at ${end}`, this.pos);
  }
}

/**
 * Ids repeat: every span of a trace carries its trace id, and a parent's span id comes back as
 * its children's parent id. An id read before is handed back from ID_CACHE (same bytes, same
 * string), and a new one is built in one step from character codes rather than by appending
 * two characters at a time, which left a string per byte for the collector.
 */
const ID_BYTES = 16;
const ID_CACHE_SIZE = 4096;
const ID_CACHE: string[] = new Array<string>(ID_CACHE_SIZE).fill("");
const ID_CACHE_BYTES = new Uint8Array(ID_CACHE_SIZE * ID_BYTES);
const HEX_CODES = new Uint8Array(Array.from("0123456789abcdef", (c) => c.charCodeAt(0)));
const ID_CODES: number[] = new Array<number>(2 * ID_BYTES).fill(0);

function idHex(buf: Uint8Array, start: number, stop: number): string {
  const length = stop - start;
  let hash = length;
  for (let pos = start; pos < stop; pos++) hash = Math.imul(hash ^ buf[pos], 0x01000193);
  const slot = (hash ^ (hash >>> 15)) & (ID_CACHE_SIZE - 1);
  const cached = ID_CACHE[slot];
  const at = slot * ID_BYTES;
  if (cached.length === 2 * length) {
    let same = true;
    for (let i = 0; i < length; i++) {
      if (ID_CACHE_BYTES[at + i] !== buf[start + i]) {
        same = false;
        break;
      }
    }
    if (same) return cached;
  }
  const codes = ID_CODES;
  codes.length = 2 * length;
  for (let i = 0; i < length; i++) {
    const b = buf[start + i];
    ID_CACHE_BYTES[at + i] = b;
    codes[2 * i] = HEX_CODES[b >> 4];
    codes[2 * i + 1] = HEX_CODES[b & 15];
  }
  const made = String.fromCharCode.apply(null, codes);
  ID_CACHE[slot] = made;
  return made;
}

function longHex(buf: Uint8Array, start: number, stop: number): string {
  let out = "";
  for (let pos = start; pos < stop; pos++) out += HEX_BYTE[buf[pos]];
  return out;
}

/** A short string: from the cache when the same ASCII bytes were read before (or just now). */
function shortString(buf: Uint8Array, start: number, stop: number): string {
  let hash = stop - start;
  for (let pos = start; pos < stop; pos++) {
    const c = buf[pos];
    if (c >= 128) return utf8(buf, start, stop);
    hash = Math.imul(hash ^ c, 0x01000193);
  }
  const slot = (hash ^ (hash >>> 15)) & (CACHE_SIZE - 1);
  const cached = STRING_CACHE[slot];
  if (cached.length === stop - start) {
    let same = true;
    for (let i = 0; i < cached.length; i++) {
      if (cached.charCodeAt(i) !== buf[start + i]) {
        same = false;
        break;
      }
    }
    if (same) return cached;
  }
  // ASCII: one character per byte.
  const made = String.fromCharCode.apply(null, buf.subarray(start, stop) as unknown as number[]);
  STRING_CACHE[slot] = made;
  return made;
}

function utf8(buf: Uint8Array, start: number, stop: number): string {
  try {
    return UTF8.decode(buf.subarray(start, stop));
  } catch {
    throw new WireError(`a string of ${stop - start} bytes at offset ${start} is not valid UTF-8`, start);
  }
}

/** Checked on entry to every message. */
export function checkDepth(depth: number, reader: WireReader): void {
  if (depth > MAX_DEPTH) throw new WireError(`nested deeper than ${MAX_DEPTH} messages`, reader.pos);
}

const TWO_32 = 4294967296;

/**
 * An unsigned 64-bit integer given as two 32-bit halves, in decimal, exactly. Below 2^53 a double
 * holds it; above, it is split as hi·2^32 + lo = H·10^9 + L with every partial product under 2^53:
 * 2^48 = 281474·10^9 + 976710656 and 2^32 = 4·10^9 + 294967296.
 */
export function unsignedDecimal(lo: number, hi: number): string {
  if (hi < 0x200000) return String(hi * TWO_32 + lo);
  const hiTop = hi >>> 16;
  const hiBottom = hi & 0xffff;
  const low = hiTop * 976710656 + hiBottom * 294967296 + lo;
  const carry = Math.floor(low / 1e9);
  const high = hiTop * 281474 + hiBottom * 4 + carry;
  const rest = String(low - carry * 1e9);
  return String(high) + "000000000".slice(rest.length) + rest;
}

/** A two's-complement 64-bit integer given as two unsigned 32-bit halves, in decimal. */
export function signedDecimal(lo: number, hi: number): string {
  if (hi < 0x80000000) return unsignedDecimal(lo, hi);
  // Negate: invert both halves and add one, carrying from the low half into the high one.
  const negLo = (~lo + 1) >>> 0;
  const negHi = (~hi + (negLo === 0 ? 1 : 0)) >>> 0;
  return "-" + unsignedDecimal(negLo, negHi);
}
