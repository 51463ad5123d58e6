/**
 * `_parse` for the message attributes of one conversation, which repeat the whole history:
 * the input of call k is the input of call k-1 plus the new messages, so parsing each one
 * whole costs quadratic time in the conversation's length. When a list's text starts with the
 * previous list's text up to its closing bracket and goes on with a comma, its first items are
 * the previous items (same text, same values) and only the rest is parsed. Any other text, or a
 * tail that does not parse on its own, is parsed whole, so every answer is `parseValue`'s.
 */
import * as py from "@whileai/hash-embed/internal";
import { parseValue } from "./attributes.js";

export class HistoryParser {
  private text = "";
  private items: readonly unknown[] = [];

  parse(value: unknown): unknown {
    if (typeof value !== "string") return value;
    const stripped = py.pyStrip(value);
    if (stripped[0] !== "[") return parseValue(value);
    const items = this.extend(stripped) ?? parseValue(value);
    if (Array.isArray(items)) {
      this.text = stripped;
      this.items = items;
    }
    return items;
  }

  /** The items of `text` from the previous list's plus its parsed tail, or null to parse it whole. */
  private extend(text: string): unknown[] | null {
    const previous = this.text;
    // The previous list needs an item: "[" alone is no prefix that ends after a value.
    if (this.items.length === 0 || text.length <= previous.length) return null;
    const head = previous.length - 1; // the previous text without its closing "]"
    if (!text.startsWith(previous.slice(0, head))) return null;
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
