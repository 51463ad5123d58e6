/**
 * The deprecated event form (events-deprecated.yaml): messages as span events
 * `gen_ai.user.message`, `gen_ai.tool.message` (input) and `gen_ai.choice` (output). Span
 * events have no body, so the body is read from `gen_ai.event.content` (a JSON object, as
 * Semantic Kernel and Azure SDKs write it) or else from the event's own attributes
 * (`content`, `role`, `id`, `tool_calls`, `message`). The older `gen_ai.content.prompt` /
 * `gen_ai.content.completion` events carry a whole `gen_ai.prompt` / `gen_ai.completion` list.
 * `gen_ai.system.message` and `gen_ai.assistant.message` are history, not this turn's output;
 * an assistant message's tool calls are read as the input history's calls.
 *
 * Semantic Kernel writes a text completion's prompt as plain text in `gen_ai.event.content` and
 * its choice as `{index, message: "<text>"}`; a `message` or `tool_calls` given as JSON text is
 * parsed. The current form, one `gen_ai.client.inference.operation.details` event, carries
 * `gen_ai.input.messages` / `gen_ai.output.messages` as its attributes.
 */
import * as py from "@whileai/hash-embed/internal";
import { decodeAttributes, parseValue, type Attributes } from "../attributes.js";
import { readMessageList, readMessages, type Side } from "../messages.js";
import type { EventLists, RawEvent } from "./event-lists.js";
import { mergeReads, type MessageRead } from "./message.js";

interface SpanEvent {
  readonly name: string;
  readonly attrs: Attributes;
}

const LIST_EVENT: Record<Side, string> = { user: "gen_ai.content.prompt", assistant: "gen_ai.content.completion" };
const LIST_KEY: Record<Side, string> = { user: "gen_ai.prompt", assistant: "gen_ai.completion" };
const DETAILS_EVENT = "gen_ai.client.inference.operation.details";
const DETAILS_KEY: Record<Side, string> = { user: "gen_ai.input.messages", assistant: "gen_ai.output.messages" };
const MESSAGE_EVENTS: Record<Side, ReadonlySet<string>> = {
  user: new Set(["gen_ai.user.message", "gen_ai.tool.message", "gen_ai.assistant.message"]),
  assistant: new Set(["gen_ai.choice"]),
};

/**
 * The events that can say something about `side`, undecoded: every other event is skipped on
 * its name (the output side of a span has no use for the history's events).
 */
function eventsOf(span: py.Dict, side: Side): RawEvent[] {
  const events: RawEvent[] = [];
  for (const event of py.pyItems(py.get(span, "events"))) {
    if (!py.isDict(event)) continue;
    const name = py.pyStr(py.or(py.get(event, "name"), ""));
    if (MESSAGE_EVENTS[side].has(name) || name === LIST_EVENT[side] || name === DETAILS_EVENT) events.push({ name, attributes: py.get(event, "attributes") });
  }
  return events;
}

function body(attrs: Attributes): py.Dict {
  const content = parseValue(attrs.get("gen_ai.event.content") ?? null);
  if (py.isDict(content)) return content;
  if (typeof content === "string" && content) return { content };
  return Object.fromEntries(attrs);
}

/**
 * The messages one side's events carry, or null when the span has no such event. `lists`, when
 * given, reads the conversation's repeated histories of message events (same answers, less work).
 */
export function eventMessages(span: py.Dict, side: Side, lists?: EventLists): MessageRead | null {
  const events = eventsOf(span, side);
  const messageOf = (event: RawEvent) => eventMessage({ name: event.name, attrs: decodeAttributes(event.attributes) }, side);
  // Only message events: their messages are read as one list, which `lists` can go on from.
  if (lists && events.every((event) => MESSAGE_EVENTS[side].has(event.name))) {
    const read = lists.read(events, side, messageOf);
    return read && mergeReads([read]);
  }
  const messages: py.Dict[] = [];
  const reads: MessageRead[] = [];
  for (const { name, attributes } of events) {
    const event = { name, attrs: decodeAttributes(attributes) };
    const message = eventMessage(event, side);
    if (message) messages.push(message);
    else if (event.name === LIST_EVENT[side]) reads.push(readMessages(event.attrs.get(LIST_KEY[side]) ?? null, side));
    else if (event.name === DETAILS_EVENT) reads.push(readMessages(event.attrs.get(DETAILS_KEY[side]) ?? null, side));
  }
  if (!messages.length && !reads.length) return null;
  return mergeReads([...reads, readMessageList(messages, side)]);
}

function eventMessage(event: SpanEvent, side: Side): py.Dict | null {
  if (side === "user" && event.name === "gen_ai.user.message") return { ...body(event.attrs), role: "user" };
  if (side === "user" && event.name === "gen_ai.tool.message") return { ...body(event.attrs), role: "tool" };
  if (side === "user" && event.name === "gen_ai.assistant.message") return withCalls({ ...body(event.attrs), role: "assistant" });
  if (side === "assistant" && event.name === "gen_ai.choice") return choiceMessage(body(event.attrs));
  return null;
}

/**
 * A choice body: `{index, finish_reason, message: {content, role?, tool_calls?}, tool_calls?}`.
 * `message` may be JSON text of that object, or the text itself (a text completion).
 */
function choiceMessage(choice: py.Dict): py.Dict {
  let message = py.get(choice, "message");
  if (typeof message === "string") {
    const parsed = parseValue(message);
    message = isMessage(parsed) ? parsed : { content: message };
  }
  const inner = py.isDict(message) ? message : choice;
  const calls = py.or(toolCalls(inner), toolCalls(choice));
  return { ...inner, role: "assistant", tool_calls: calls };
}

/** A JSON object that is a message, not answer text that happens to be JSON. */
function isMessage(value: unknown): value is py.Dict {
  return py.isDict(value) && (py.has(value, "role") || py.has(value, "content") || py.has(value, "tool_calls"));
}

function withCalls(message: py.Dict): py.Dict {
  return { ...message, tool_calls: toolCalls(message) };
}

/**
 * `tool_calls` as a list of objects: an event attribute cannot hold objects, so emitters write
 * the list as JSON text, or a list of JSON texts (LiveKit's `llm_request` events).
 */
function toolCalls(message: py.Dict): unknown {
  const calls = parseValue(py.get(message, "tool_calls"));
  return Array.isArray(calls) ? calls.map(parseValue) : calls;
}
