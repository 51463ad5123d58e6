/**
 * Message events (`gen_ai.user.message`, `gen_ai.tool.message`, ...) of one conversation,
 * which repeat the whole history: call k's span carries call k-1's events plus the new ones.
 * When a span's message events start with exactly the previous span's (same names, attributes
 * of the same names and values in the same order), their messages are the previous ones, so
 * their read is the previous read (a read is a fold over the messages, as in history-parse.ts)
 * and only the new events are decoded, parsed and read. Anything else is read whole.
 */
import * as py from "@whileai/hash-embed/internal";
import { readMessageItem, readMessageList, type Side } from "../messages.js";
import { otlpValue } from "../otlp-value.js";
import { copyRead, type MessageRead } from "./message.js";

/** An event as the span lists it: its name, and its attributes not yet decoded. */
export interface RawEvent {
  readonly name: string;
  readonly attributes: unknown;
}

interface ListState {
  readonly events: readonly RawEvent[];
  readonly read: MessageRead;
}

export class EventLists {
  private readonly states = new Map<Side, ListState>();

  /** `readMessageList(events.map(message), side)`, or null when there is no event. */
  read(events: readonly RawEvent[], side: Side, message: (event: RawEvent) => py.Dict | null): MessageRead | null {
    if (events.length === 0) return null;
    const last = this.states.get(side);
    let read: MessageRead;
    if (last && extendsEvents(events, last.events)) {
      read = copyRead(last.read);
      for (let i = last.events.length; i < events.length; i++) readMessageItem(read, message(events[i]), side);
    } else {
      read = readMessageList(events.map(message), side);
    }
    this.states.set(side, { events, read });
    return read;
  }
}

function extendsEvents(events: readonly RawEvent[], last: readonly RawEvent[]): boolean {
  if (events.length < last.length) return false;
  for (let i = 0; i < last.length; i++) {
    if (events[i].name !== last[i].name || !sameAttributes(events[i].attributes, last[i].attributes)) return false;
  }
  return true;
}

/**
 * Two OTLP attribute lists that decode alike: item by item, the same string key and values that
 * decode to the same scalar. Anything else (a flat dict, an odd item, an array value) counts
 * as different, which only costs the shortcut.
 */
function sameAttributes(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (!isItem(x) || !isItem(y) || x.key !== y.key) return false;
    const value = otlpValue(x.value ?? null);
    if ((typeof value === "object" && value !== null) || !Object.is(value, otlpValue(y.value ?? null))) return false;
  }
  return true;
}

function isItem(item: unknown): item is { key: string; value?: unknown } {
  return py.isDict(item) && typeof item.key === "string";
}
