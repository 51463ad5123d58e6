/**
 * OpenLLMetry / Traceloop spans (semconv_ai and its instrumentation tests): indexed
 * `gen_ai.prompt.N.{role,content,tool_call_id}` and
 * `gen_ai.completion.N.{role,content,tool_calls.K.{id,name,arguments}}`, and Traceloop
 * tool spans (`traceloop.span.kind: tool`, `traceloop.entity.{name,input,output}`).
 */
import * as py from "@whileai/hash-embed/internal";
import { parseValue, type Attributes } from "../attributes.js";
import { readMessageList, type Side } from "../messages.js";
import type { ToolStep } from "../tool-span.js";
import type { FlatLists } from "./flat-lists.js";
import { flattened, type FlatNode } from "./flattened.js";
import type { MessageRead } from "./message.js";

const PREFIX: Record<Side, string> = { user: "gen_ai.prompt", assistant: "gen_ai.completion" };
const LEAD: Record<Side, string> = { user: "gen_ai.prompt.", assistant: "gen_ai.completion." };

/** `lists`, when given, reads the conversation's repeated lists (same answers, less work). */
export function openLlmetryMessages(attrs: Attributes, side: Side, lists?: FlatLists): MessageRead | null {
  if (lists) return lists.read(attrs, LEAD[side], side, messagesOf);
  const tree = flattened(attrs, PREFIX[side]);
  return tree ? readMessageList(messagesOf(tree), side) : null;
}

function messagesOf(tree: FlatNode): Record<string, unknown>[] {
  return tree.indexed().map(message);
}

function message(node: FlatNode): Record<string, unknown> {
  const calls = (node.child("tool_calls")?.indexed() ?? []).map((call) => ({ id: call.at("id"), name: call.at("name"), arguments: call.at("arguments") }));
  return { role: node.at("role"), content: content(node.at("content")), tool_call_id: node.at("tool_call_id"), tool_calls: calls };
}

/**
 * Content that is not a string (Anthropic blocks, OpenAI content parts) is written as JSON
 * text; its text blocks are the message text, and `tool_use` / `tool_result` blocks are not.
 */
function content(value: unknown): unknown {
  // Only a list is read; text that is no list is not parsed (a tool message's JSON object,
  // repeated in every later prompt, would be, for nothing: parseValue gives no list from it).
  if (typeof value === "string" && py.pyStrip(value)[0] !== "[") return value;
  const parsed = parseValue(value);
  if (!Array.isArray(parsed)) return value;
  return parsed.filter((part) => typeof part === "string" || (py.isDict(part) && py.or(py.get(part, "type"), "text") === "text"));
}

/**
 * A Traceloop tool span as a step. `traceloop.entity.input` is `{"args": [...], "kwargs": {...}}`
 * of the decorated function; keyword arguments are the arguments when no positional ones exist.
 */
export function traceloopToolStep(span: py.Dict, attrs: Attributes): ToolStep | null {
  if (py.pyStr(py.or(attrs.get("traceloop.span.kind"), "")) !== "tool") return null;
  const name = py.pyStr(py.or(py.or(attrs.get("traceloop.entity.name"), py.get(span, "name")), "tool"));
  let args = parseValue(attrs.get("traceloop.entity.input") ?? null);
  if (py.isDict(args) && py.has(args, "kwargs") && !py.truthy(py.get(args, "args"))) args = args.kwargs;
  const output = attrs.get("traceloop.entity.output");
  return { tool: name, arguments: args ?? {}, result: output === undefined || output === "" ? null : parseValue(output) };
}
