/**
 * `_parse` for the message attributes of one conversation, which repeat the whole history:
 * the input of call k is the input of call k-1 plus the new messages, so parsing each one
 * whole costs quadratic time in the conversation's length. When a list's text starts with the
 * previous list's text up to its closing bracket and goes on with a comma, its first items are
 * the previous items (same text, same values) and only the rest is parsed. Any other text, or a
 * tail that does not parse on its own, is parsed whole, so every answer is `parseValue`'s.
 *
 * Reading such a list (`readList`) goes on from the previous list's read the same way: the
 * read of a list is a fold over its items, so the read of the shared items is the previous one
 * and only the new items are read.
 */
import * as py from "@whileai/hash-embed/internal";
import { parseValue } from "./attributes.js";
import { EventLists } from "./conventions/event-lists.js";
import { FlatLists } from "./conventions/flat-lists.js";
import { copyRead, type MessageRead } from "./conventions/message.js";
import { readMessageItem, readMessageList, type Side } from "./messages.js";

interface ListRead {
  readonly items: readonly unknown[];
  readonly side: Side;
  readonly read: MessageRead;
}

export class HistoryParser {
  /** The same for the conversation's flattened message lists (OpenInference, OpenLLMetry). */
  readonly flatLists = new FlatLists();
  /** And for its repeated message events (the deprecated event form). */
  readonly eventLists = new EventLists();
  private text = "";
  private items: readonly unknown[] = [];
  /** The previous list, when the last `parse` answered it plus new items (its first items are those very objects). */
  private extended: readonly unknown[] | null = null;
  private last: ListRead | null = null;

  parse(value: unknown): unknown {
    this.extended = null;
    if (typeof value !== "string") return value;
    const stripped = py.pyStrip(value);
    if (stripped[0] !== "[") return parseValue(value);
    const previous = this.items;
    const tail = this.extend(stripped);
    const items = tail ?? parseValue(value);
    if (Array.isArray(items)) {
      this.text = stripped;
      this.items = items;
      if (tail) this.extended = previous;
    }
    return items;
  }

  /**
   * `readMessageList(items, side)` for the list the last `parse` answered: when it extends the
   * list read before for this side, that read is copied and only the new items are read into it.
   */
  readList(items: readonly unknown[], side: Side): MessageRead {
    const last = this.last;
    let read: MessageRead;
    if (last !== null && last.side === side && items === this.items && this.extended === last.items) {
      read = copyRead(last.read);
      for (let i = last.items.length; i < items.length; i++) readMessageItem(read, items[i], side);
    } else {
      read = readMessageList(items, side);
    }
    this.last = { items, side, read };
    return read;
  }

  /** The items of `text` from the previous list's plus its parsed tail, or null to parse it whole. */
  private extend(text: string): unknown[] | null {
    const previous = this.text;
    // The previous list needs an item: "[" alone is no prefix that ends after a value.
    if (this.items.length === 0 || text.length <= previous.length) return null;
    const head = previous.length - 1; // the previous text without its closing "]"
    // Equality of two slices, not startsWith: V8 compares equal-length strings a block at a
    // time, while startsWith walks a kilobytes-long history one character at a time.
    if (text.slice(0, head) !== previous.slice(0, head)) return null;
    if (text.charCodeAt(head) !== 44 /* , */) return null;
    let tail: unknown;
    try {
      tail = py.pyJsonLoads("[" + text.slice(head + 1));
    } catch {
      return null;
    }
    if (!Array.isArray(tail) || tail.length === 0) return null;
    return this.items.concat(tail);
  }
}
