/**
 * Flattened message lists (OpenInference `llm.input_messages.N...`, OpenLLMetry
 * `gen_ai.prompt.N...`) of one conversation, which repeat the whole history: the input of
 * call k is the input of call k-1 plus the new messages. When a span's attributes under the
 * prefix start with exactly the previous span's (same names, same values, same order) and the
 * rest only add messages with higher indexes, the first messages are the previous ones, so
 * their read is the previous read (a read is a fold over the messages, as in history-parse.ts)
 * and only the new messages are built and read. Anything else is read whole, as before.
 */
import type { Attributes } from "../attributes.js";
import { readMessageItem, readMessageList, type Side } from "../messages.js";
import { flatTree, type FlatNode } from "./flattened.js";
import { copyRead, type MessageRead } from "./message.js";

const INDEX = /^\d+$/;

/** The messages a convention builds from the tree under its prefix, one per indexed child. */
export type ListMessages = (tree: FlatNode) => unknown[];

interface ListState {
  readonly keys: readonly string[];
  readonly values: readonly unknown[];
  /** The highest message index seen, or -1. */
  readonly top: number;
  readonly read: MessageRead;
}

export class FlatLists {
  // By side, then by lead: constant strings, so no name is built and hashed per call.
  private readonly states: Record<Side, Map<string, ListState>> = { user: new Map(), assistant: new Map() };

  /**
   * `readMessageList(messages(flattened(attrs, prefix)), side)`, or null when no attribute has
   * the prefix; `lead` is the prefix with its dot (`"gen_ai.prompt."`).
   */
  read(attrs: Attributes, lead: string, side: Side, messages: ListMessages): MessageRead | null {
    const keys: string[] = [];
    const values: unknown[] = [];
    attrs.forEach((value, key) => {
      if (!key.startsWith(lead)) return;
      keys.push(key);
      values.push(value);
    });
    if (keys.length === 0) return null;
    const last = this.states[side].get(lead);
    const top = last ? extendedTop(last, keys, values, lead) : null;
    let read: MessageRead;
    if (last && top !== null) {
      read = copyRead(last.read);
      for (const message of messages(flatTree(keys, values, lead, last.keys.length))) readMessageItem(read, message, side);
    } else {
      read = readMessageList(messages(flatTree(keys, values, lead, 0)), side);
    }
    this.states[side].set(lead, { keys, values, top: top ?? indexTop(keys, lead, 0, -1) ?? Infinity, read });
    return read;
  }
}

/**
 * The highest index when `keys`/`values` are the previous ones followed by attributes of new
 * messages only (an index above every earlier one, or a name no message list reads), else null.
 */
function extendedTop(last: ListState, keys: readonly string[], values: readonly unknown[], lead: string): number | null {
  const shared = last.keys.length;
  if (keys.length < shared) return null;
  for (let i = 0; i < shared; i++) {
    if (keys[i] !== last.keys[i] || !Object.is(values[i], last.values[i])) return null;
  }
  return indexTop(keys, lead, shared, last.top);
}

/**
 * The highest index among `keys[from..]`, each of which must be above `above`; null when one
 * is not, or is not a safe integer (indexes then compare as `indexed` would not promise).
 */
function indexTop(keys: readonly string[], lead: string, from: number, above: number): number | null {
  let top = above;
  for (let i = from; i < keys.length; i++) {
    const key = keys[i];
    const dot = key.indexOf(".", lead.length);
    const segment = dot < 0 ? key.slice(lead.length) : key.slice(lead.length, dot);
    if (!INDEX.test(segment)) continue;
    const index = Number(segment);
    if (!Number.isSafeInteger(index) || index <= above) return null;
    if (index > top) top = index;
  }
  return top;
}
