/**
 * Spans into conversations (§5.4): a span's conversation id, else the conversation that first
 * claimed its trace, else its trace id. Groups keep the first appearance order of their key;
 * within a group spans are stable-sorted by start time, compared exactly as bigints.
 */
import * as py from "@whileai/hash-embed/internal";
import { first, spanAttributes, type Attributes } from "./attributes.js";
import { CONVERSATION_KEYS, MS_TO_NS } from "./constants.js";
import { traceIdOf } from "./ids.js";
import { iterSpans } from "./spans.js";

export interface SpanEntry {
  readonly span: py.Dict;
  /** Start in nanoseconds; 0 when the span has none. */
  readonly start: bigint;
  readonly attrs: Attributes;
}

/**
 * Each span's attributes are decoded once, here: grouping needs the conversation keys, and the
 * row all the rest. (Decoding them again per conversation, so that fewer maps are alive at once,
 * measured some 7% slower; the maps hold the document's own strings, small next to it.)
 */
export function groupSpans(source: unknown): Map<string, SpanEntry[]> {
  const traceConversation = new Map<string, string>();
  const pending: Pending[] = [];
  for (const span of iterSpans(source)) {
    const trace = traceIdOf(span);
    const attrs = spanAttributes(span);
    const conversation = conversationOf(attrs);
    // The first conversation id seen for a trace claims all of it, even spans listed earlier.
    if (conversation && trace && !traceConversation.has(trace)) traceConversation.set(trace, conversation);
    const start = startOf(span);
    pending.push({ conversation, trace, near: Number(start), entry: { span, start, attrs } });
  }
  const groups = new Map<string, Pending[]>();
  for (const item of pending) {
    const key = item.conversation || traceConversation.get(item.trace) || item.trace;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const sorted = new Map<string, SpanEntry[]>();
  // Array.prototype.sort is stable: equal starts keep input order, as Python's sorted does.
  for (const [key, group] of groups) sorted.set(key, group.sort(byStart).map((item) => item.entry));
  return sorted;
}

interface Pending {
  readonly conversation: string;
  readonly trace: string;
  /** The start's nearest double: rounding never reverses an order, so it decides unless equal. */
  readonly near: number;
  readonly entry: SpanEntry;
}

/** Exact start order; bigint comparisons, which cost more, only between equal doubles. */
function byStart(a: Pending, b: Pending): number {
  if (a.near !== b.near) return a.near < b.near ? -1 : a.near > b.near ? 1 : bigintOrder(a.entry.start, b.entry.start);
  return bigintOrder(a.entry.start, b.entry.start);
}

function bigintOrder(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What decides a span's group: its decoded attributes, trace id and conversation id ("" for none). */
export function spanKeys(span: py.Dict): { attrs: Attributes; trace: string; conversation: string } {
  const attrs = spanAttributes(span);
  return { attrs, trace: traceIdOf(span), conversation: conversationOf(attrs) };
}

function conversationOf(attrs: Attributes): string {
  return py.pyStr(py.or(first(attrs, CONVERSATION_KEYS), ""));
}

const PLAIN_DIGITS = /^[0-9]{1,20}$/;

/** `int(startTimeUnixNano or start_time_unix_nano or 0)`, else `int(startedMs or started_ms or startTimeMs or 0) * 1_000_000`. */
export function startOf(span: py.Dict): bigint {
  const nanos = orChain(span, "startTimeUnixNano", "start_time_unix_nano");
  // int() of a dict or list raises TypeError in Python; odd JSON reads as no time here. Plain
  // digits (OTLP JSON's quoted times) are what int() reads them as, without its other spellings.
  const start = typeof nanos === "string" && PLAIN_DIGITS.test(nanos) ? BigInt(nanos) : py.pyIntExactOr(nanos, 0n);
  if (start !== 0n) return start;
  const ms = orChain(span, "startedMs", "started_ms", "startTimeMs");
  return py.pyIntExactOr(ms, 0n) * MS_TO_NS;
}

/** Python `a or b or c`: the first truthy field, or null. */
function orChain(span: py.Dict, ...keys: string[]): unknown {
  for (const key of keys) {
    const value = py.get(span, key);
    if (py.truthy(value)) return value;
  }
  return null;
}
