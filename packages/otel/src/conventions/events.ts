/**
 * The deprecated event form (events-deprecated.yaml): messages as span events
 * `gen_ai.user.message`, `gen_ai.tool.message` (input) and `gen_ai.choice` (output). Span
 * events have no body, so the body is read from `gen_ai.event.content` (a JSON object, as
 * Semantic Kernel and Azure SDKs write it) or else from the event's own attributes
 * (`content`, `role`, `id`, `tool_calls`, `message`). The older `gen_ai.content.prompt` /
 * `gen_ai.content.completion` events carry a whole `gen_ai.prompt` / `gen_ai.completion` list.
 * `gen_ai.system.message` and `gen_ai.assistant.message` are history, not this turn's output.
 */
import { py } from "@whileai/traces";
import { decodeAttributes, parseValue, type Attributes } from "../attributes.js";
import { readMessageList, readMessages, type Side } from "../messages.js";
import { mergeReads, type MessageRead } from "./message.js";

interface SpanEvent {
  readonly name: string;
  readonly attrs: Attributes;
}

function eventsOf(span: py.Dict): SpanEvent[] {
  const events: SpanEvent[] = [];
  for (const event of py.pyItems(py.get(span, "events"))) {
    if (!py.isDict(event)) continue;
    events.push({ name: py.pyStr(py.or(py.get(event, "name"), "")), attrs: decodeAttributes(py.get(event, "attributes")) });
  }
  return events;
}

function body(attrs: Attributes): py.Dict {
  const content = parseValue(attrs.get("gen_ai.event.content") ?? null);
  if (py.isDict(content)) return content;
  return Object.fromEntries(attrs);
}

const LIST_EVENT: Record<Side, string> = { user: "gen_ai.content.prompt", assistant: "gen_ai.content.completion" };
const LIST_KEY: Record<Side, string> = { user: "gen_ai.prompt", assistant: "gen_ai.completion" };

/** The messages one side's events carry, or null when the span has no such event. */
export function eventMessages(span: py.Dict, side: Side): MessageRead | null {
  const messages: py.Dict[] = [];
  const reads: MessageRead[] = [];
  for (const event of eventsOf(span)) {
    const message = eventMessage(event, side);
    if (message) messages.push(message);
    else if (event.name === LIST_EVENT[side]) reads.push(readMessages(event.attrs.get(LIST_KEY[side]) ?? null, side));
  }
  if (!messages.length && !reads.length) return null;
  return mergeReads([...reads, readMessageList(messages, side)]);
}

function eventMessage(event: SpanEvent, side: Side): py.Dict | null {
  if (side === "user" && event.name === "gen_ai.user.message") return { ...body(event.attrs), role: "user" };
  if (side === "user" && event.name === "gen_ai.tool.message") return { ...body(event.attrs), role: "tool" };
  if (side === "assistant" && event.name === "gen_ai.choice") return choiceMessage(body(event.attrs));
  return null;
}

/** A choice body: `{index, finish_reason, message: {content, role?}, tool_calls?}`. */
function choiceMessage(choice: py.Dict): py.Dict {
  const message = py.get(choice, "message");
  const inner = py.isDict(message) ? message : choice;
  return { ...inner, role: "assistant", tool_calls: py.or(py.get(inner, "tool_calls"), py.get(choice, "tool_calls")) };
}
