/**
 * A direct reader of well-formed OTLP trace protobuf into the OTLP/JSON object, for speed:
 * protobufjs decodes into message objects (deleting proto3 defaults, which leaves them in
 * dictionary mode) and `toObject` copies them again, so half of its time was garbage collection.
 * This reads the wire format once and builds the JSON shape directly, with the same answers as
 * protobufjs `decode` + `toObject({longs: String, enums: Number, bytes: String, json: true})` +
 * hex ids: same keys in the same order, a scalar set to its default left out, the last value of
 * a repeated scalar kept, the last oneof member kept, unknown fields skipped.
 *
 * Anything it does not mirror exactly (a truncated or malformed message, groups, a singular
 * message field given twice, which protobufjs merges, a oneof given twice, a tag, length or
 * 32-bit value of 5 varint bytes or more, invalid UTF-8, deep nesting) throws `FALLBACK`, and the caller decodes with
 * protobufjs, which gives the answer or the error it always gave.
 */
import protobuf from "protobufjs/light.js";

type Obj = { [key: string]: unknown };

export const FALLBACK = new Error("OTLP fast protobuf path: fall back to protobufjs");

const LEN = 2;
const VARINT = 0;
const I64 = 1;
const I32 = 5;
const MAX_DEPTH = 32;
const HEX = "0123456789abcdef";
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const TWO_32 = 4294967296;

let buf: Uint8Array = new Uint8Array(0);
let pos = 0;

export function fastDecodeRequest(bytes: Uint8Array): Obj {
  buf = bytes;
  pos = 0;
  try {
    const spans: Obj[] = [];
    const end = bytes.length;
    while (pos < end) {
      const tag = readTag(end);
      if (tag === ((1 << 3) | LEN)) spans.push(resourceSpans(readEnd(end)));
      else skip(tag, end);
    }
    return spans.length ? { resourceSpans: spans } : {};
  } finally {
    buf = new Uint8Array(0);
  }
}

// ---- wire primitives -----------------------------------------------------------------------

function readTag(end: number): number {
  const tag = readVarint32(end);
  if (tag >>> 3 === 0) throw FALLBACK;
  return tag;
}

/**
 * A varint of at most 4 bytes (below 2^28). Longer ones (which protobufjs validates and
 * truncates in ways of its own, and which only huge lengths or negative enums need) fall back.
 */
function readVarint32(end: number): number {
  let value = 0;
  for (let shift = 0; shift < 28; shift += 7) {
    if (pos >= end) throw FALLBACK;
    const b = buf[pos++];
    value |= (b & 127) << shift;
    if (b < 128) return value;
  }
  throw FALLBACK;
}

/** A length-delimited field's end, checked against its enclosing message. */
function readEnd(end: number): number {
  const length = readVarint32(end);
  if (pos + length > end) throw FALLBACK;
  return pos + length;
}

/** A 64-bit varint as its signed decimal text (int64). */
function readInt64Decimal(end: number): string {
  let low = 0;
  let high = 0;
  for (let i = 0; i < 10; i++) {
    if (pos >= end) throw FALLBACK;
    const b = buf[pos++];
    if (i < 4) low |= (b & 127) << (7 * i);
    else if (i === 4) {
      low |= (b & 15) << 28;
      high |= (b & 127) >> 4;
    } else high |= (b & 127) << (7 * i - 32);
    if (b < 128) return int64Decimal(low >>> 0, high | 0);
  }
  throw FALLBACK;
}

function int64Decimal(low: number, high: number): string {
  if (high >= 0 && high < 0x200000) return String(high * TWO_32 + low);
  return ((BigInt(high) << 32n) + BigInt(low)).toString();
}

function readFixed32(end: number): number {
  if (pos + 4 > end) throw FALLBACK;
  const v = (buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24)) >>> 0;
  pos += 4;
  return v;
}

/** fixed64 as unsigned decimal text, or null for 0 (a proto3 default, left out). */
function readFixed64Decimal(end: number): string | null {
  const low = readFixed32(end);
  const high = readFixed32(end);
  if (low === 0 && high === 0) return null;
  if (high < 0x200000) return String(high * TWO_32 + low);
  return ((BigInt(high) << 32n) + BigInt(low)).toString();
}

function readDouble(end: number): number {
  if (pos + 8 > end) throw FALLBACK;
  const v = new DataView(buf.buffer, buf.byteOffset + pos, 8).getFloat64(0, true);
  pos += 8;
  return v;
}

function readString(end: number): string {
  const stop = readEnd(end);
  const start = pos;
  pos = stop;
  if (stop - start < 24) {
    let s = "";
    for (let i = start; i < stop; i++) {
      const c = buf[i];
      if (c >= 128) return utf8(start, stop);
      s += String.fromCharCode(c);
    }
    return s;
  }
  return utf8(start, stop);
}

function utf8(start: number, stop: number): string {
  try {
    return UTF8.decode(buf.subarray(start, stop));
  } catch {
    throw FALLBACK;
  }
}

function readHex(end: number): string {
  const stop = readEnd(end);
  let out = "";
  for (let i = pos; i < stop; i++) out += HEX[buf[i] >> 4] + HEX[buf[i] & 15];
  pos = stop;
  return out;
}

function readBase64(end: number): string {
  const stop = readEnd(end);
  const out = protobuf.util.base64.encode(buf, pos, stop);
  pos = stop;
  return out;
}

function skip(tag: number, end: number): void {
  switch (tag & 7) {
    case VARINT:
      for (;;) {
        if (pos >= end) throw FALLBACK;
        if (buf[pos++] < 128) return;
      }
    case I64:
      if (pos + 8 > end) throw FALLBACK;
      pos += 8;
      return;
    case LEN:
      pos = readEnd(end);
      return;
    case I32:
      if (pos + 4 > end) throw FALLBACK;
      pos += 4;
      return;
    default:
      throw FALLBACK; // groups and invalid wire types
  }
}

/** Wire type check for a known field: protobufjs reads a mismatched one as an unknown field. */
function is(tag: number, wire: number): boolean {
  return (tag & 7) === wire;
}

// ---- messages ------------------------------------------------------------------------------

function resourceSpans(end: number): Obj {
  let resource: Obj | undefined;
  const scopes: Obj[] = [];
  let schemaUrl = "";
  while (pos < end) {
    const tag = readTag(end);
    const field = tag >>> 3;
    if (field === 1 && is(tag, LEN)) {
      if (resource) throw FALLBACK;
      resource = resourceOf(readEnd(end));
    } else if (field === 2 && is(tag, LEN)) scopes.push(scopeSpans(readEnd(end)));
    else if (field === 3 && is(tag, LEN)) schemaUrl = readString(end);
    else skip(tag, end);
  }
  const d: Obj = {};
  if (resource) d.resource = resource;
  if (scopes.length) d.scopeSpans = scopes;
  if (schemaUrl) d.schemaUrl = schemaUrl;
  return d;
}

function resourceOf(end: number): Obj {
  const attributes: Obj[] = [];
  let dropped = 0;
  const entityRefs: Obj[] = [];
  while (pos < end) {
    const tag = readTag(end);
    const field = tag >>> 3;
    if (field === 1 && is(tag, LEN)) attributes.push(keyValue(readEnd(end), 0));
    else if (field === 2 && is(tag, VARINT)) dropped = readVarint32(end);
    else if (field === 3 && is(tag, LEN)) entityRefs.push(entityRef(readEnd(end)));
    else skip(tag, end);
  }
  const d: Obj = {};
  if (attributes.length) d.attributes = attributes;
  if (dropped) d.droppedAttributesCount = dropped;
  if (entityRefs.length) d.entityRefs = entityRefs;
  return d;
}

function entityRef(end: number): Obj {
  let schemaUrl = "";
  let type = "";
  const idKeys: string[] = [];
  const descriptionKeys: string[] = [];
  while (pos < end) {
    const tag = readTag(end);
    const field = tag >>> 3;
    if (field === 1 && is(tag, LEN)) schemaUrl = readString(end);
    else if (field === 2 && is(tag, LEN)) type = readString(end);
    else if (field === 3 && is(tag, LEN)) idKeys.push(readString(end));
    else if (field === 4 && is(tag, LEN)) descriptionKeys.push(readString(end));
    else skip(tag, end);
  }
  const d: Obj = {};
  if (schemaUrl) d.schemaUrl = schemaUrl;
  if (type) d.type = type;
  if (idKeys.length) d.idKeys = idKeys;
  if (descriptionKeys.length) d.descriptionKeys = descriptionKeys;
  return d;
}

function scopeSpans(end: number): Obj {
  let scope: Obj | undefined;
  const spans: Obj[] = [];
  let schemaUrl = "";
  while (pos < end) {
    const tag = readTag(end);
    const field = tag >>> 3;
    if (field === 1 && is(tag, LEN)) {
      if (scope) throw FALLBACK;
      scope = scopeOf(readEnd(end));
    } else if (field === 2 && is(tag, LEN)) spans.push(span(readEnd(end)));
    else if (field === 3 && is(tag, LEN)) schemaUrl = readString(end);
    else skip(tag, end);
  }
  const d: Obj = {};
  if (scope) d.scope = scope;
  if (spans.length) d.spans = spans;
  if (schemaUrl) d.schemaUrl = schemaUrl;
  return d;
}

function scopeOf(end: number): Obj {
  let name = "";
  let version = "";
  const attributes: Obj[] = [];
  let dropped = 0;
  while (pos < end) {
    const tag = readTag(end);
    const field = tag >>> 3;
    if (field === 1 && is(tag, LEN)) name = readString(end);
    else if (field === 2 && is(tag, LEN)) version = readString(end);
    else if (field === 3 && is(tag, LEN)) attributes.push(keyValue(readEnd(end), 0));
    else if (field === 4 && is(tag, VARINT)) dropped = readVarint32(end);
    else skip(tag, end);
  }
  const d: Obj = {};
  if (name) d.name = name;
  if (version) d.version = version;
  if (attributes.length) d.attributes = attributes;
  if (dropped) d.droppedAttributesCount = dropped;
  return d;
}

function span(end: number): Obj {
  let traceId = "";
  let spanId = "";
  let traceState = "";
  let parentSpanId = "";
  let name = "";
  let kind = 0;
  let start: string | null = null;
  let stop: string | null = null;
  const attributes: Obj[] = [];
  let droppedAttributes = 0;
  const events: Obj[] = [];
  let droppedEvents = 0;
  const links: Obj[] = [];
  let droppedLinks = 0;
  let status: Obj | undefined;
  let flags = 0;
  while (pos < end) {
    const tag = readTag(end);
    const field = tag >>> 3;
    if (field === 9 && is(tag, LEN)) attributes.push(keyValue(readEnd(end), 0));
    else if (field === 1 && is(tag, LEN)) traceId = readHex(end);
    else if (field === 2 && is(tag, LEN)) spanId = readHex(end);
    else if (field === 3 && is(tag, LEN)) traceState = readString(end);
    else if (field === 4 && is(tag, LEN)) parentSpanId = readHex(end);
    else if (field === 5 && is(tag, LEN)) name = readString(end);
    else if (field === 6 && is(tag, VARINT)) kind = readVarint32(end) | 0;
    else if (field === 7 && is(tag, I64)) start = readFixed64Decimal(end);
    else if (field === 8 && is(tag, I64)) stop = readFixed64Decimal(end);
    else if (field === 10 && is(tag, VARINT)) droppedAttributes = readVarint32(end);
    else if (field === 11 && is(tag, LEN)) events.push(event(readEnd(end)));
    else if (field === 12 && is(tag, VARINT)) droppedEvents = readVarint32(end);
    else if (field === 13 && is(tag, LEN)) links.push(link(readEnd(end)));
    else if (field === 14 && is(tag, VARINT)) droppedLinks = readVarint32(end);
    else if (field === 15 && is(tag, LEN)) {
      if (status) throw FALLBACK;
      status = statusOf(readEnd(end));
    } else if (field === 16 && is(tag, I32)) flags = readFixed32(end);
    else skip(tag, end);
  }
  const d: Obj = {};
  if (traceId) d.traceId = traceId;
  if (spanId) d.spanId = spanId;
  if (traceState) d.traceState = traceState;
  if (parentSpanId) d.parentSpanId = parentSpanId;
  if (name) d.name = name;
  if (kind) d.kind = kind;
  if (start !== null) d.startTimeUnixNano = start;
  if (stop !== null) d.endTimeUnixNano = stop;
  if (attributes.length) d.attributes = attributes;
  if (droppedAttributes) d.droppedAttributesCount = droppedAttributes;
  if (events.length) d.events = events;
  if (droppedEvents) d.droppedEventsCount = droppedEvents;
  if (links.length) d.links = links;
  if (droppedLinks) d.droppedLinksCount = droppedLinks;
  if (status) d.status = status;
  if (flags) d.flags = flags;
  return d;
}

function event(end: number): Obj {
  let time: string | null = null;
  let name = "";
  const attributes: Obj[] = [];
  let dropped = 0;
  while (pos < end) {
    const tag = readTag(end);
    const field = tag >>> 3;
    if (field === 1 && is(tag, I64)) time = readFixed64Decimal(end);
    else if (field === 2 && is(tag, LEN)) name = readString(end);
    else if (field === 3 && is(tag, LEN)) attributes.push(keyValue(readEnd(end), 0));
    else if (field === 4 && is(tag, VARINT)) dropped = readVarint32(end);
    else skip(tag, end);
  }
  const d: Obj = {};
  if (time !== null) d.timeUnixNano = time;
  if (name) d.name = name;
  if (attributes.length) d.attributes = attributes;
  if (dropped) d.droppedAttributesCount = dropped;
  return d;
}

function link(end: number): Obj {
  let traceId = "";
  let spanId = "";
  let traceState = "";
  const attributes: Obj[] = [];
  let dropped = 0;
  let flags = 0;
  while (pos < end) {
    const tag = readTag(end);
    const field = tag >>> 3;
    if (field === 1 && is(tag, LEN)) traceId = readHex(end);
    else if (field === 2 && is(tag, LEN)) spanId = readHex(end);
    else if (field === 3 && is(tag, LEN)) traceState = readString(end);
    else if (field === 4 && is(tag, LEN)) attributes.push(keyValue(readEnd(end), 0));
    else if (field === 5 && is(tag, VARINT)) dropped = readVarint32(end);
    else if (field === 6 && is(tag, I32)) flags = readFixed32(end);
    else skip(tag, end);
  }
  const d: Obj = {};
  if (traceId) d.traceId = traceId;
  if (spanId) d.spanId = spanId;
  if (traceState) d.traceState = traceState;
  if (attributes.length) d.attributes = attributes;
  if (dropped) d.droppedAttributesCount = dropped;
  if (flags) d.flags = flags;
  return d;
}

function statusOf(end: number): Obj {
  let message = "";
  let code = 0;
  while (pos < end) {
    const tag = readTag(end);
    const field = tag >>> 3;
    if (field === 2 && is(tag, LEN)) message = readString(end);
    else if (field === 3 && is(tag, VARINT)) code = readVarint32(end) | 0;
    else skip(tag, end);
  }
  const d: Obj = {};
  if (message) d.message = message;
  if (code) d.code = code;
  return d;
}

function keyValue(end: number, depth: number): Obj {
  let key = "";
  let value: Obj | undefined;
  while (pos < end) {
    const tag = readTag(end);
    const field = tag >>> 3;
    if (field === 1 && is(tag, LEN)) key = readString(end);
    else if (field === 2 && is(tag, LEN)) {
      if (value) throw FALLBACK;
      value = anyValue(readEnd(end), depth + 1);
    } else skip(tag, end);
  }
  const d: Obj = {};
  if (key) d.key = key;
  if (value) d.value = value;
  return d;
}

/** AnyValue's oneof: the member is kept even at its default; a second member falls back. */
function anyValue(end: number, depth: number): Obj {
  if (depth > MAX_DEPTH) throw FALLBACK;
  let d: Obj | undefined;
  while (pos < end) {
    const tag = readTag(end);
    const field = tag >>> 3;
    let member: Obj | undefined;
    if (field === 1 && is(tag, LEN)) member = { stringValue: readString(end) };
    else if (field === 2 && is(tag, VARINT)) member = { boolValue: readVarint32(end) !== 0 };
    else if (field === 3 && is(tag, VARINT)) member = { intValue: readInt64Decimal(end) };
    else if (field === 4 && is(tag, I64)) {
      const x = readDouble(end);
      member = { doubleValue: Number.isFinite(x) ? x : String(x) };
    } else if (field === 5 && is(tag, LEN)) member = { arrayValue: values(readEnd(end), depth, anyValue) };
    else if (field === 6 && is(tag, LEN)) member = { kvlistValue: values(readEnd(end), depth, keyValue) };
    else if (field === 7 && is(tag, LEN)) member = { bytesValue: readBase64(end) };
    else skip(tag, end);
    if (member) {
      if (d) throw FALLBACK;
      d = member;
    }
  }
  return d ?? {};
}

/** `ArrayValue` / `KeyValueList`: `{values: [...]}`, each item read by `item`. */
function values(end: number, depth: number, item: (end: number, depth: number) => Obj): Obj {
  const out: Obj[] = [];
  while (pos < end) {
    const tag = readTag(end);
    if (tag === ((1 << 3) | LEN)) out.push(item(readEnd(end), depth + 1));
    else skip(tag, end);
  }
  return out.length ? { values: out } : {};
}
