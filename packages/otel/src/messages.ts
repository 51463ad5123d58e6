/**
 * `_message_texts(value, role)` (§5.5): the texts of one role in a message attribute, read the
 * Python way first. What Python cannot read is read on top, never instead: a message whose
 * `content` gives nothing falls back to its `parts`, a plain-string assistant output is the
 * output text, a single message object is read as a list of one, and tool calls / tool
 * answers are collected for binding (see assemble.ts), the input history's calls included.
 * A list of JSON strings (an `arrayValue` of `stringValue`s) stays unread, as Python leaves it:
 * the reference pins that case, so reading it would change an answer Python gives.
 */
import * as py from "@whileai/hash-embed/internal";
import { parseValue } from "./attributes.js";
import type { HistoryParser } from "./history-parse.js";
import { emptyRead, type MessageRead } from "./conventions/message.js";
import { partsText, partsToolCalls, partsToolResponses } from "./conventions/parts.js";
import { messageToolCalls, toolMessageResponse } from "./conventions/tool-calls.js";

export type Side = "user" | "assistant";

/** `history`, when given, parses the conversation's repeated message lists (same answers, less work). */
export function readMessages(value: unknown, side: Side, history?: HistoryParser): MessageRead {
  const parsed = history ? history.parse(value) : parseValue(value);
  if (Array.isArray(parsed)) return history ? history.readList(parsed, side) : readMessageList(parsed, side);
  // Python reads nothing from an object; `{"text": ...}` or one `{role, content}` message is one message.
  const single = singleMessage(parsed, side);
  if (single) return readMessageList([single], side);
  const read = emptyRead();
  // Python reads a raw-text prompt; it drops a plain-string output, which we read as its text.
  if (typeof parsed === "string" && parsed) read.texts.push(parsed);
  return read;
}

export function readMessageList(items: Iterable<unknown>, side: Side): MessageRead {
  const read = emptyRead();
  for (const item of items) readMessageItem(read, item, side);
  return read;
}

/** What one message adds to a read; it depends only on the message, the side and the texts read so far. */
export function readMessageItem(read: MessageRead, item: unknown, side: Side): void {
  if (!py.isDict(item)) return;
  const role = py.pyLower(py.pyStr(py.or(py.get(item, "role"), "")));
  if (role === side) {
    const text = contentText(item) ?? (partsText(item) || null);
    if (text !== null) read.texts.push(text);
  }
  if (side === "assistant") {
    read.calls.push(...partsToolCalls(item), ...messageToolCalls(item));
  } else if (role === "assistant") {
    // The history's earlier calls: steps only for calls nothing else recorded (tool-binding.ts).
    const turn = read.texts.length;
    // The call's three fields spelled out: a spread copies them alike, in this order, but slower.
    for (const call of [...partsToolCalls(item), ...messageToolCalls(item)]) read.historyCalls.push({ id: call.id, name: call.name, arguments: call.arguments, turn });
  } else {
    read.responses.push(...partsToolResponses(item));
    if (role === "tool") {
      const response = toolMessageResponse(item);
      if (response) read.responses.push(response);
    }
  }
}

/** Python's reading of `content`: a list joins its parts with a space; any truthy value is `str()`-ed. */
export function contentText(message: py.Dict): string | null {
  let content = py.get(message, "content");
  if (Array.isArray(content)) {
    content = content
      .map((part) => (py.isDict(part) ? py.pyStr(py.or(py.or(py.get(part, "text"), py.get(part, "content")), "")) : py.pyStr(part)))
      .join(" ");
  }
  return py.truthy(content) ? py.pyStr(content) : null;
}

/**
 * An object that is one message: `{role?, content | parts | text}` with no role or this side's
 * role. A request or response object (`{messages}`, `{choices}`) has none of these keys.
 */
function singleMessage(parsed: unknown, side: Side): py.Dict | null {
  if (!py.isDict(parsed)) return null;
  const role = py.get(parsed, "role");
  if (role !== null && py.pyLower(py.pyStr(role)) !== side) return null;
  if (py.has(parsed, "content") || py.has(parsed, "parts")) return { ...parsed, role: side };
  const text = py.get(parsed, "text");
  return typeof text === "string" ? { role: side, content: text } : null;
}
