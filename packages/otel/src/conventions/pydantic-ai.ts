/**
 * Pydantic AI (pydantic_ai/models/instrumented.py, capabilities/instrumentation.py; Logfire's
 * `instrument_pydantic_ai()` turns the same instrumentation on). Model request spans of
 * instrumentation version 2+ write `gen_ai.input.messages` / `gen_ai.output.messages`, which
 * the GenAI readers already read. What is Pydantic AI's own:
 * - the agent run span (`agent run` in v1/v2, `invoke_agent {name}` from v3) holds the whole
 *   run: `pydantic_ai.all_messages` (GenAI parts messages, v2+) or `all_messages_events` (v1,
 *   a JSON list of event bodies tagged `event.name`), and `final_result` (the output, JSON
 *   text when it is not a string);
 * - v1 model request spans hold their messages as the same event list in `events`;
 * - v1/v2 tool spans (`running tool`) hold `tool_arguments` / `tool_response` with
 *   `gen_ai.tool.name` and `gen_ai.tool.call.id` (v3+ writes the GenAI keys Python reads).
 */
import * as py from "@whileai/hash-embed/internal";
import { first, parseValue, type Attributes } from "../attributes.js";
import { TOOL_NAME_KEYS, TOOL_STATUS_KEYS } from "../constants.js";
import { readMessageList, readMessages, type Side } from "../messages.js";
import { failed, type ToolStep } from "../tool-span.js";
import { emptyRead, type MessageRead } from "./message.js";
import { statusOf } from "../span-status.js";

const ALL_MESSAGES = "pydantic_ai.all_messages";
const ALL_MESSAGES_EVENTS = "all_messages_events";
const EVENTS = "events";
const FINAL_RESULT = "final_result";

export function pydanticAiMessages(attrs: Attributes, side: Side): MessageRead | null {
  const all = first(attrs, [ALL_MESSAGES]);
  if (all !== null) return runRead(readMessages(all, "user"), readMessages(all, "assistant"), attrs, side);
  const allEvents = eventList(attrs.get(ALL_MESSAGES_EVENTS));
  if (allEvents) {
    const messages = allEvents.map((event) => event.message);
    return runRead(readMessageList(messages, "user"), readMessageList(messages, "assistant"), attrs, side);
  }
  // A v1 model request span: the input events, then one `gen_ai.choice` per output.
  const events = eventList(attrs.get(EVENTS));
  if (!events) return null;
  const wanted = events.filter((event) => (event.name === "gen_ai.choice") === (side === "assistant"));
  return readMessageList(wanted.map((event) => event.message), side);
}

/**
 * A run's history is this span's input: its user turns, and the calls and answers no model
 * span recorded. Its output is `final_result`, else the last assistant text; the history's
 * calls are not output again.
 */
function runRead(input: MessageRead, history: MessageRead, attrs: Attributes, side: Side): MessageRead {
  if (side === "user") return input;
  const read = emptyRead();
  const result = attrs.get(FINAL_RESULT);
  if (typeof result === "string" && result) read.texts.push(result);
  else if (history.texts.length) read.texts.push(history.texts[history.texts.length - 1]);
  return read;
}

interface LoggedEvent {
  readonly name: string;
  readonly message: py.Dict;
}

/**
 * v1 event bodies (`{...body, event.name, gen_ai.system, gen_ai.message.index}`) as messages;
 * null when the value is not such a list. A choice's message is its `message`.
 */
function eventList(value: unknown): LoggedEvent[] | null {
  const parsed = parseValue(value ?? null);
  if (!Array.isArray(parsed) || !parsed.some((item) => py.isDict(item) && py.has(item, "event.name"))) return null;
  return parsed.filter(py.isDict).map((event) => {
    const name = py.pyStr(py.or(py.get(event, "event.name"), ""));
    const message = py.get(event, "message");
    if (name === "gen_ai.choice") return { name, message: { ...(py.isDict(message) ? message : {}), role: "assistant" } };
    return { name, message: event };
  });
}

/** A v1/v2 `running tool` span as a step; its result is a failure when the span says so. */
export function pydanticAiToolStep(span: py.Dict, attrs: Attributes): ToolStep | null {
  const args = first(attrs, ["tool_arguments"]);
  const name = first(attrs, TOOL_NAME_KEYS);
  if (args === null || name === null) return null;
  const status = py.pyLower(py.pyStr(py.or(first(attrs, TOOL_STATUS_KEYS), statusOf(span))));
  return { tool: py.pyStr(name), arguments: parseValue(args), result: failed(span, status, parseValue(first(attrs, ["tool_response"]))) };
}
